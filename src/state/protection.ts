import { proxy, useSnapshot } from 'valtio';
import type { ProtectionView } from '../../workers/core/api.ts';
import { core } from '../core-client.ts';

/** The player's protection state as the worker last read it (null: logged out or not read yet). */
export const protectionStore = proxy<{ view: ProtectionView | null }>({ view: null });

export const useProtection = () => useSnapshot(protectionStore);

/** Reads the state again (after login, after a change, on the protection page). */
export async function refreshProtection(): Promise<ProtectionView | null> {
  const view = await core.protection();
  protectionStore.view = view;
  return view;
}
