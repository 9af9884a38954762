import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RealityCheckView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { ProtectionState } from './ProtectionState.tsx';
import { protectionStore, refreshProtection, useProtection } from '../../state/protection.ts';
import './protection.css';

/** The clock and timers of the reality check; tests inject their own. */
export interface LayerClock { now(): number; setTimeout(fn: () => void, ms: number): number; clearTimeout(id: number): void }
const BROWSER_CLOCK: LayerClock = { now: () => Date.now(), setTimeout: (fn, ms) => window.setTimeout(fn, ms), clearTimeout: (id) => window.clearTimeout(id) };

/**
 * What every page of a logged-in player carries: the break or exclusion banner, and the
 * reality check every N minutes of the session with its time, stakes and net result, 'continue'
 * and 'log out'. The state is read again at each login.
 */
export function ProtectionLayer({ lang, clock = BROWSER_CLOCK }: { lang: string; clock?: LayerClock }) {
  const { user } = useSession();
  const userName = user?.userName ?? null;
  // A new interval chosen on the protection page reschedules the next notice.
  const minutes = useProtection().view?.realityCheck ?? 0;
  const [check, setCheck] = useState<RealityCheckView | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!userName) { protectionStore.view = null; return; }
    void refreshProtection();
    // The layer is mounted only with a session: a logout unmounts it, and the view goes with it.
    return () => { protectionStore.view = null; };
  }, [userName]);

  // Schedules the next notice from the session's start (again each time one is closed); when due,
  // reads the session's figures fresh.
  const open = check !== null;
  useEffect(() => {
    if (!userName || open || !minutes) return;
    let live = true;
    let timer = 0;
    void core.realityCheck(clock.now()).then((v) => {
      if (!live || !v?.nextAt) return;
      timer = clock.setTimeout(() => {
        void core.realityCheck(clock.now()).then((due) => { if (live && due) setCheck(due); });
      }, Math.max(0, v.nextAt - clock.now()));
    });
    return () => { live = false; clock.clearTimeout(timer); };
  }, [userName, open, minutes, clock]);

  const proceed = () => setCheck(null);
  const logout = async () => {
    setCheck(null);
    const to = await core.logout();
    if (to === 'login') void navigate({ to: '/$lang/firstlogin', params: { lang }, search: { nextUrl: `/${lang}` } });
    else void navigate({ to: '/$lang', params: { lang } });
  };

  return (
    <>
      <ProtectionState banner />
      {check && <RealityCheckDialog check={check} onContinue={proceed} onLogout={() => void logout()} />}
    </>
  );
}

function RealityCheckDialog({ check, onContinue, onLogout }: { check: RealityCheckView; onContinue: () => void; onLogout: () => void }) {
  const { t } = useLingui();
  const hours = Math.floor(check.sessionMinutes / 60);
  const minutes = check.sessionMinutes % 60;
  return (
    <div className="prot-dialog" role="alertdialog" aria-modal="true" aria-labelledby="reality-title" data-testid="reality-check">
      <div>
        <h2 id="reality-title"><Trans>Reality check</Trans></h2>
        <dl>
          <dt><Trans>Session time</Trans></dt><dd>{hours ? t`${hours} h ${minutes} min` : t`${minutes} min`}</dd>
          <dt><Trans>Stakes this session</Trans></dt><dd>{check.stakesText}</dd>
          <dt><Trans>Net result</Trans></dt><dd className={check.netWin ? 'prot-up' : 'prot-down'}>{check.netWin ? '+' : '−'}{check.netText}</dd>
        </dl>
        <div className="actions">
          <button type="button" className="btn" onClick={onLogout} data-testid="reality-logout"><Trans>Log out</Trans></button>
          <button type="button" className="btn btn-primary" onClick={onContinue} data-testid="reality-continue"><Trans>Continue</Trans></button>
        </div>
      </div>
    </div>
  );
}
