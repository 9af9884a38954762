import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAction, useKeyed } from '../action.ts';
import { BoDialog } from '../dialog.tsx';
import { DataTable, type Column } from '../table.tsx';
import { when } from '../format.ts';
import { useBo } from '../session.tsx';
import { bo } from '../bo-client.ts';
import type { BoLiveSettingsReply, LiveIpRule } from '../../../../domain/trading/calls.ts';
import { isIpRange } from '../../../../domain/trading/ip-rules.ts';


/**
 * Live betting settings: the odd types shown live per sport (a live tip of another type
 * is refused) and the IP permissions of live betting: address ranges (CIDR, IPv4 or IPv6) allowed
 * or denied; with any allow range, only addresses inside one bet live. Enforced by the server.
 */
export function LiveSettingsScreen() {
  const { t } = useLingui();
  const { lang } = useBo();
  const act = useAction();
  const load = useCallback(() => bo('bo/liveSettings', {}), []);
  const { data: reply, reload } = useKeyed('live', load);
  const [last, setLast] = useState<BoLiveSettingsReply | null>(null);
  if (reply?.status && reply !== last) setLast(reply);
  const data = reply?.status ? reply : last;
  const [sportId, setSportId] = useState<number | null>(null);
  const [cidr, setCidr] = useState('');
  const [action, setAction] = useState<'allow' | 'deny'>('deny');
  const [note, setNote] = useState('');
  const [removing, setRemoving] = useState<LiveIpRule | null>(null);

  const sport = data?.sports.find((s) => s.id === sportId) ?? data?.sports[0];

  const after = (ok: unknown) => { if (ok) reload(); return ok; };
  const addRule = async () => {
    if (after(await act.run(() => bo('bo/addIpRule', { cidr: cidr.trim(), action, note: note.trim() })))) { setCidr(''); setNote(''); }
  };
  const removeRule = async () => {
    if (removing && after(await act.run(() => bo('bo/removeIpRule', { ruleId: removing.id })))) setRemoving(null);
  };

  const columns: Column<LiveIpRule>[] = [
    { key: 'cidr', header: t`Address range`, render: (r) => <code>{r.cidr}</code> },
    { key: 'action', header: t`Rule`, render: (r) => (r.action === 'deny'
      ? <span className="bo-badge bo-badge-red"><Trans>Deny</Trans></span>
      : <span className="bo-badge bo-badge-green"><Trans>Allow</Trans></span>) },
    { key: 'note', header: t`Note`, render: (r) => r.note },
    { key: 'at', header: t`Added`, render: (r) => when(r.createdAt, lang) },
    { key: 'remove', header: '', render: (r) => <button type="button" className="bo-btn bo-btn-small" onClick={() => setRemoving(r)}><Trans>Remove</Trans></button> },
  ];
  const cidrOk = cidr.trim() === '' || isIpRange(cidr.trim());
  const allows = data?.rules.some((r) => r.action === 'allow') ?? false;

  return (
    <>
      {!removing && act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
      <div className="bo-split bo-split-even">
        <LiveTypes key={`${sport?.id}-${sport?.oddsTypes.join()}`} data={data} sport={sport} busy={act.busy} onSport={setSportId}
          save={async (oddsTypes) => { if (sport) after(await act.run(() => bo('bo/setLiveOddTypes', { sportId: sport.id, oddsTypes }))); }} />
        <section className="bo-panel" aria-label={t`IP permissions of live betting`}>
          <h2><Trans>IP permissions of live betting</Trans></h2>
          <p className="bo-note">{allows ? t`Only addresses inside an allowed range bet live; a denied range is refused first.` : t`Every address bets live except the denied ranges.`}</p>
          <form className="bo-grid-form" onSubmit={(e) => { e.preventDefault(); void addRule(); }}>
            <label className="bo-field"><span><Trans>Address range (CIDR)</Trans></span>
              <input name="cidr" required value={cidr} onChange={(e) => setCidr(e.target.value)} placeholder="203.0.113.0/24, 2001:db8::/32" aria-invalid={!cidrOk} />
            </label>
            <label className="bo-field"><span><Trans>Rule</Trans></span>
              <select name="action" value={action} onChange={(e) => setAction(e.target.value as 'allow' | 'deny')}>
                <option value="deny">{t`Deny`}</option>
                <option value="allow">{t`Allow`}</option>
              </select>
            </label>
            <label className="bo-field"><span><Trans>Note</Trans></span><input name="note" maxLength={100} value={note} onChange={(e) => setNote(e.target.value)} /></label>
            <div className="bo-actions" style={{ alignSelf: 'end' }}>
              <button type="submit" className="bo-btn bo-btn-primary" disabled={act.busy || !cidrOk}><Trans>Add rule</Trans></button>
            </div>
          </form>
          {!cidrOk && <p className="bo-error" role="alert"><Trans>Not an address range: write an IPv4 or IPv6 address, optionally with /prefix.</Trans></p>}
          <DataTable label={t`IP permissions`} columns={columns} rows={data?.rules ?? null} rowKey={(r) => r.id} empty={<Trans>No rule: every address bets live.</Trans>} />
        </section>
      </div>
      <BoDialog open={removing !== null} onClose={() => setRemoving(null)} busy={act.busy} error={removing ? act.error : undefined} danger
        title={t`Remove the rule ${removing?.cidr ?? ''}?`} confirm={<Trans>Remove</Trans>} onConfirm={() => void removeRule()}>
        <p><Trans>Addresses in this range are then judged by the other rules at once.</Trans></p>
      </BoDialog>
    </>
  );
}

type Sport = BoLiveSettingsReply['sports'][number];
function LiveTypes({ data, sport, busy, onSport, save }: {
  data: BoLiveSettingsReply | null; sport: Sport | undefined; busy: boolean; onSport: (id: number) => void; save: (types: number[]) => Promise<void>;
}) {
  const { t } = useLingui();
  const [shown, setShown] = useState<number[]>(sport?.oddsTypes ?? []);
  return (
    <form className="bo-panel" aria-label={t`Odd types shown live`} onSubmit={(e) => { e.preventDefault(); void save(shown); }}>
      <h2><Trans>Odd types shown live</Trans></h2>
      <label className="bo-field"><span><Trans>Sport</Trans></span>
        <select name="sport" value={sport?.id ?? ''} onChange={(e) => onSport(Number(e.target.value))}>
          {data?.sports.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
        </select>
      </label>
      <p className="bo-note">{sport?.custom ? t`This sport shows only the ticked types live; other live tips are refused.` : t`This sport shows every type live (no list set).`}</p>
      <div className="bo-perm-grid">
        {data?.oddTypes.map((o) => (
          <label key={o.oddsType} className="bo-check">
            <input type="checkbox" checked={shown.includes(o.oddsType)}
              onChange={(e) => setShown(e.target.checked ? [...shown, o.oddsType] : shown.filter((x) => x !== o.oddsType))} />
            <span>{`${o.oddsType} · ${o.name}`}</span>
          </label>
        ))}
      </div>
      <div className="bo-actions" style={{ marginBlockStart: 'var(--space-3)' }}>
        <button type="submit" className="bo-btn bo-btn-primary" disabled={busy || !sport}><Trans>Save odd types</Trans></button>
        <button type="button" className="bo-btn" disabled={busy || !sport?.custom} onClick={() => void save([])}>
          <Trans>Show every type</Trans>
        </button>
      </div>
    </form>
  );
}
