import { Navigate, useParams } from '@tanstack/react-router';
import { useBo } from './session.tsx';

/** /{lang}/bo opens the first area of the menu. */
export function BoHome() {
  const { lang } = useParams({ strict: false }) as { lang: string };
  const { me } = useBo();
  const first = me.menu[0];
  return first ? <Navigate to="/$lang/bo/$screen" params={{ lang, screen: first.path }} replace /> : null;
}
