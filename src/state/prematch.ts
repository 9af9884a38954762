import { proxy, useSnapshot } from 'valtio';

/**
 * The pre-match match whose markets trading changed last, and a revision that moves with every
 * change the worker pushes ('prematch-changed'): the MatchDetail on screen asks the server again.
 */
export const preMatchStore = proxy<{ id: number; rev: number }>({ id: 0, rev: 0 });
export const setPreMatchRev = (id: number, rev: number) => { preMatchStore.id = id; preMatchStore.rev = rev; };
/** The revision of a match's markets as pushed (0 until a change): a refresh key for its view. */
export const usePreMatchRev = (matchId: number): number => {
  const s = useSnapshot(preMatchStore);
  return s.id === matchId ? s.rev : 0;
};
