import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { CasinoProduct } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useLoad } from '../../ui/use-load.ts';

/** The casino routes are guarded by login: the tab bar is asked once per visit. */
const loadTabs = () => core.casinoTabs();

/** The products' names as the tab bar and titles say them. */
export function useProductName(): (p: CasinoProduct) => string {
  const { t } = useLingui();
  return (p) => ({ casino: t`Slots`, livecasino: t`Live casino`, bingo: t`Bingo`, virtualgames: t`Virtual`, tvgames: t`TV games` })[p];
}

/** The casino tab bar: only the products the player has enabled (account-platform.md section 2). */
export function CasinoTabs({ lang, current }: { lang: string; current: CasinoProduct }) {
  const { t } = useLingui();
  const name = useProductName();
  const { load } = useLoad(loadTabs);
  const list = load.state === 'ready' ? load.data : [current];
  return (
    <nav className="casino-tabs" aria-label={t`Casino`} data-testid="casino-tabs">
      {list.map((p) => (
        <Link key={p} to={`/$lang/${p}`} params={{ lang }} className="casino-tab" aria-current={p === current ? 'page' : undefined} data-product={p}>{name(p)}</Link>
      ))}
    </nav>
  );
}
