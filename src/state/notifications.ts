import { useEffect, useState } from 'react';
import { core } from '../core-client.ts';
import { useSession } from './session.ts';

/** True when the logged-in player has notices: the menu entry shows only then (section 2). */
export function useHasNotifications(): boolean {
  const { user } = useSession();
  const [has, setHas] = useState(false);
  const id = user?.userId ?? 0;
  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    core.notifications().then((list) => live && setHas(list.length > 0), () => undefined);
    return () => { live = false; };
  }, [id]);
  return id ? has : false;
}
