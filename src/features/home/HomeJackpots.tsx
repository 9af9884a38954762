import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { usePoll } from './use-poll.ts';
import './home.css';

/** Jackpots grow all the time: asked again every 15 s while Home is visible. */
export const JACKPOT_POLL_MS = 15_000;

/**
 * The prematch and live jackpots (amounts with 4 decimals and the currency). The worker answers
 * null for a player without livejackpotUser status 1 or a visitor: then nothing is drawn.
 */
export function HomeJackpots() {
  const { t } = useLingui();
  const { user } = useSession();
  const load = useCallback(() => core.homeJackpots(), []);
  // a login or logout on Home asks again at once (the permission is the player's)
  const s = usePoll(load, JACKPOT_POLL_MS, user?.userId ?? 0);
  if (s.state === 'loading') {
    return user ? <div className="jackpots" aria-hidden="true"><div className="jackpot skeleton" /><div className="jackpot skeleton" /></div> : null;
  }
  if (!s.data?.length) return null;
  return (
    <section className="jackpots" aria-label={t`Jackpots`} data-testid="home-jackpots">
      {s.data.map((j) => (
        <div key={j.key} className={j.light ? 'jackpot light' : 'jackpot'} data-testid={`jackpot-${j.key}`}>
          <small>{j.key === 'prematch' ? t`Prematch jackpot` : t`Live jackpot`}</small>
          <strong><bdi dir="ltr">{j.amount}</bdi></strong>
        </div>
      ))}
    </section>
  );
}
