import { useCallback, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useLoad } from '../../ui/use-load.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { readTimezoneCookie, saveTimezone } from './timezone-cookie.ts';

/** The full IANA list (section 2); the choice is kept in the cookie `timezone` and every date follows it. */
export function TimezonePage() {
  const { t } = useLingui();
  const { load } = useLoad(useCallback(() => core.timezones(), []));
  const [current, setCurrent] = useState(readTimezoneCookie());
  const [q, setQ] = useState('');
  const shown = useMemo(() => (load.state === 'ready' ? load.data.filter((z) => z.toLowerCase().includes(q.toLowerCase())) : []), [load, q]);
  return (
    <div className="acc-page">
      <PageHeader title={t`Time zone`} />
      <input className="input acc-search" type="search" placeholder={t`Search`} aria-label={t`Search`} value={q} onChange={(e) => setQ(e.target.value)} />
      <ul className="acc-choices" data-testid="timezones">
        {shown.map((z) => (
          <li key={z}><button type="button" aria-pressed={z === current} onClick={() => { saveTimezone(z); setCurrent(z); }}><span>{z.replaceAll('_', ' ')}</span></button></li>
        ))}
      </ul>
    </div>
  );
}
