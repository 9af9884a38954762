import { Link, useParams } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useProtection } from '../../state/protection.ts';
import './protection.css';

/**
 * The break, exclusion or closure in force, as a card (the protection and deposit pages) or as
 * the thin banner every page shows under the top bar (`banner`). Nothing while the player may play.
 */
export function ProtectionState({ banner = false }: { banner?: boolean }) {
  const { view } = useProtection();
  const { lang } = useParams({ strict: false }) as { lang?: string };
  if (!view || view.status === 'active') return null;
  const text = view.status === 'break'
    ? <Trans>You are taking a break until {view.breakUntilText}. Betting, casino and deposits are closed.</Trans>
    : view.status === 'excluded'
      ? (view.excludedUntilText ? <Trans>You are self-excluded until {view.excludedUntilText}. Betting, casino and deposits are closed.</Trans> : <Trans>You are self-excluded. Betting, casino and deposits are closed.</Trans>)
      : <Trans>Your account is closed.</Trans>;
  if (banner) {
    return (
      <div className="prot-banner" data-status={view.status} role="status" data-testid="protection-banner">
        <span>{text}</span>
        {lang && <Link to="/$lang/protection" params={{ lang }}><Trans>Details</Trans></Link>}
      </div>
    );
  }
  return (
    <div className="prot-state" data-status={view.status} role="status" data-testid="protection-state">
      <strong>{view.status === 'break' ? <Trans>Break</Trans> : view.status === 'excluded' ? <Trans>Self-exclusion</Trans> : <Trans>Account closed</Trans>}</strong>
      {text}
      <div><Trans>You can still log in, withdraw and see your history.</Trans></div>
    </div>
  );
}
