import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useProtection } from '../../state/protection.ts';
import './protection.css';

/**
 * The prompt to set a deposit limit: after registration (`always`) and before the first deposit
 * (only while the player has neither deposited nor set a deposit limit).
 */
export function DepositLimitPrompt({ lang, always = false }: { lang: string; always?: boolean }) {
  const { view } = useProtection();
  const [hidden, setHidden] = useState(false);
  if (hidden || (!always && !view?.promptDepositLimit)) return null;
  return (
    <section className="prot-prompt" data-testid="deposit-limit-prompt">
      <Trans>Set a deposit limit to stay in control of how much you deposit each day, week or month.</Trans>
      <div className="actions">
        <Link className="btn btn-small btn-primary" to="/$lang/protection" params={{ lang }}><Trans>Set a deposit limit</Trans></Link>
        {!always && <button type="button" className="btn btn-small" onClick={() => setHidden(true)}><Trans>Not now</Trans></button>}
      </div>
    </section>
  );
}
