import { createContext, useContext } from 'react';
import type { BoWhoami } from '../../../domain/backoffice/calls.ts';
import type { Permission } from '../../../domain/backoffice/permissions.ts';

/** The signed-in back-office user, and a way to read it again (the balance after a money action). */
export interface BoSession { me: BoWhoami; refresh: () => Promise<void>; lang: string }
export const BoSessionContext = createContext<BoSession | null>(null);

export function useBo(): BoSession {
  const s = useContext(BoSessionContext);
  if (!s) throw new Error('useBo outside the back-office shell');
  return s;
}

/** True when the signed-in user holds the permission (the server checks again on every call). */
export function useCan(): (p: Permission) => boolean {
  const { me } = useBo();
  return (p) => me.permissions.includes(p);
}
