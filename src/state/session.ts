import { proxy, useSnapshot } from 'valtio';
import type { SessionView } from '../../workers/core/events.ts';

/** The logged-in player as the worker reports it (null: visitor). */
export const sessionStore = proxy<{ user: SessionView | null; known: boolean }>({ user: null, known: false });

export const useSession = () => useSnapshot(sessionStore);
