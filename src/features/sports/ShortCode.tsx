import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { Caption } from '../../ui/Caption.tsx';

/** Short code entry: the code is upper-cased; an unknown one gives 'code' plus not found (searchNotFound). */
export function ShortCode({ lang }: { lang: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'busy' } | { kind: 'notFound'; code: string } | { kind: 'error' }>({ kind: 'idle' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setState({ kind: 'busy' });
    try {
      const r = await core.shortcode(code);
      if (r.matchId) await navigate({ to: '/$lang/matchdetail/$id', params: { lang, id: String(r.matchId) }, search: { ttype: 'N' } });
      else setState({ kind: 'notFound', code: r.code });
    } catch {
      setState({ kind: 'error' });
    }
  };
  const missing = state.kind === 'notFound' ? state.code : '';
  return (
    <div className="shortcode-page">
      <Caption lang={lang} title={t`Short code`} />
      <form className="shortcode-form" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="shortcode"><Trans>Match code</Trans></label>
          <input id="shortcode" className="input code-input" value={code} maxLength={12} autoComplete="off" autoCapitalize="characters" spellCheck={false}
            onChange={(e) => setCode(e.target.value.toUpperCase())} data-testid="shortcode-input" />
        </div>
        <button type="submit" className="btn btn-primary" disabled={state.kind === 'busy' || !code.trim()} data-testid="shortcode-submit"><Trans>Find match</Trans></button>
        {state.kind === 'notFound' && <p className="form-error" role="alert" data-testid="shortcode-error"><Trans>Code {missing}: not found</Trans></p>}
        {state.kind === 'error' && <p className="form-error" role="alert"><Trans>Check your connection and try again.</Trans></p>}
      </form>
    </div>
  );
}
