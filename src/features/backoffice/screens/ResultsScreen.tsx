import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAction } from '../action.ts';
import { BoDialog } from '../dialog.tsx';
import { DataTable, type Column } from '../table.tsx';
import { money, when } from '../format.ts';
import { useBo, useCan } from '../session.tsx';
import { bo } from '../bo-client.ts';
import { BoList, useBoList } from '../list.tsx';
import type { BoResultPreviewReply, BoResultPreviewRow, BoResultQueueRow } from '../../../../domain/backoffice/catalogue-calls.ts';
import type { TipOutcome } from '../../../../domain/coupon/settle.ts';
import type { ResultFields } from '../../../../domain/match/result-timing.ts';

const OUTCOME: Record<TipOutcome, MessageDescriptor> = {
  won: msg`Won`, lost: msg`Lost`, void: msg`Void`, open: msg`Stays open`, halfWon: msg`Half won`, halfLost: msg`Half lost`,
};
const STATUSES = ['ended', 'after_ot', 'retired', 'cancelled', 'interrupted', 'walkover'] as const;
const STATUS_LABEL: Record<(typeof STATUSES)[number], MessageDescriptor> = {
  ended: msg`Ended`, after_ot: msg`After overtime`, retired: msg`Retired`, cancelled: msg`Cancelled (all void)`,
  interrupted: msg`Interrupted (all void)`, walkover: msg`Walkover (all void)`,
};

type Pair = { h: string; a: string };
const emptyPair: Pair = { h: '', a: '' };
const pairOf = (p: Pair) => (p.h === '' && p.a === '' ? undefined : { h: Number(p.h), a: Number(p.a) });

/** Until the match is known, every field is offered (none but the full time required). */
const ALL_FIELDS: ResultFields = { ht: true, corners: true, cards: true, goals: true };

/**
 * Result entry. The queue lists the matches past their end with no result (oldest first, with
 * their open coupons); picking one fills the form, which asks only for what the match's markets
 * settle on. The preview lists every coupon tip the result settles; a save before the match can
 * have ended needs the override permission and a reason (the server refuses it otherwise).
 */
export function ResultsScreen() {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const can = useCan();
  const act = useAction();
  const queue = useBoList('bo/resultQueue', () => ({}));
  const [matchId, setMatchId] = useState('');
  const [fields, setFields] = useState<ResultFields>(ALL_FIELDS);
  const [reason, setReason] = useState('');
  const [ft, setFt] = useState<Pair>(emptyPair);
  const [ht, setHt] = useState<Pair>(emptyPair);
  const [corners, setCorners] = useState<Pair>(emptyPair);
  const [cards, setCards] = useState<Pair>(emptyPair);
  // Goal order as the scorers' sides and minutes: "h12 a40 h70".
  const [goals, setGoals] = useState('');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('ended');
  const [preview, setPreview] = useState<BoResultPreviewReply | null>(null);

  const payload = () => {
    const c = pairOf(corners);
    const k = pairOf(cards);
    const g = goals.trim() ? goals.trim().split(/[\s,]+/).map((x) => ({ side: x[0] as 'h' | 'a', minute: Number(x.slice(1)) })) : undefined;
    const half = pairOf(ht);
    return {
      matchId: Number(matchId),
      result: { ft: pairOf(ft) ?? { h: NaN, a: NaN }, ...(half ? { ht: half } : {}), ...(c ? { corners: c } : {}), ...(k ? { cards: k } : {}), ...(g ? { goals: g } : {}), ...(status !== 'ended' ? { status } : {}) },
    };
  };
  const showPreview = async () => {
    const r = await act.run(() => bo('bo/resultPreview', payload()));
    if (r) { setPreview(r); setFields(r.fields); }
  };
  const save = async () => {
    const early = preview?.tooEarly ? { override: { reason: reason.trim() } } : {};
    const r = await act.run(() => bo('bo/saveResult', { ...payload(), ...early }));
    if (r) { setPreview(null); setReason(''); queue.reload(); }
  };
  const pick = (m: BoResultQueueRow) => {
    setMatchId(String(m.matchId)); setFields(m.fields);
    setFt(emptyPair); setHt(emptyPair); setCorners(emptyPair); setCards(emptyPair); setGoals(''); setStatus('ended');
  };
  const queueColumns: Column<BoResultQueueRow>[] = [
    { key: 'date', header: t`Kick-off`, render: (r) => when(r.matchDate, lang), sort: 'matchDate' },
    { key: 'match', header: t`Match`, render: (r) => `${r.home} – ${r.away}` },
    { key: 'league', header: t`Sport / league`, render: (r) => `${r.sportName} · ${r.tournamentName}` },
    { key: 'coupons', header: t`Open coupons`, render: (r) => r.openCoupons, num: true, sort: 'openCoupons' },
    { key: 'stakes', header: t`Open stakes`, render: (r) => money(r.openStakes, me.currency, lang), num: true, sort: 'openStakes' },
  ];

  const pair = (label: string, name: string, v: Pair, set: (p: Pair) => void, required = false) => (
    <fieldset className="bo-field" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>{label}</legend>
      <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
        <input aria-label={`${label} ${t`home`}`} name={`${name}-h`} type="number" min={0} max={999} required={required} value={v.h} onChange={(e) => set({ ...v, h: e.target.value })} style={{ width: 64, minWidth: 0 }} />
        <span aria-hidden>:</span>
        <input aria-label={`${label} ${t`away`}`} name={`${name}-a`} type="number" min={0} max={999} required={required} value={v.a} onChange={(e) => set({ ...v, a: e.target.value })} style={{ width: 64, minWidth: 0 }} />
      </span>
    </fieldset>
  );
  const columns: Column<BoResultPreviewRow>[] = [
    { key: 'coupon', header: t`Coupon`, render: (r) => r.couponId, num: true },
    { key: 'user', header: t`User`, render: (r) => r.userName },
    { key: 'stake', header: t`Stake`, render: (r) => money(r.stake, me.currency, lang), num: true },
    { key: 'tip', header: t`Tip`, render: (r) => `${r.oddsType}/${r.outcomeId}${r.special ? ` (${r.special})` : ''}` },
    { key: 'odd', header: t`Odds`, render: (r) => (r.odd / 1000).toFixed(2), num: true },
    { key: 'outcome', header: t`Outcome`, render: (r) => t(OUTCOME[r.outcome]) },
  ];
  const cur = preview?.current?.result;
  const mayOverride = can('overrideResultTime');
  const blocked = !!preview?.tooEarly && (!mayOverride || reason.trim().length < 5);
  return (
    <>
      <section className="bo-panel" aria-label={t`Matches awaiting a result`}>
        <h2 className="bo-title"><Trans>Matches awaiting a result</Trans></h2>
        <BoList list={queue} label={t`Matches awaiting a result`} columns={queueColumns} rowKey={(r) => r.matchId} onOpen={pick}
          selected={matchId === '' ? undefined : Number(matchId)} empty={<Trans>Every finished match has its result.</Trans>} />
      </section>
      <form className="bo-panel" onSubmit={(e) => { e.preventDefault(); void showPreview(); }}>
        <div className="bo-grid-form">
          <label className="bo-field"><span><Trans>Match id</Trans></span>
            <input name="matchId" type="number" min={1} required value={matchId} onChange={(e) => { setMatchId(e.target.value); setFields(ALL_FIELDS); }} />
          </label>
          {pair(t`Full time`, 'ft', ft, setFt, true)}
          {fields.ht && pair(t`Half time`, 'ht', ht, setHt, fields !== ALL_FIELDS)}
          {fields.corners && pair(t`Corners`, 'corners', corners, setCorners, fields !== ALL_FIELDS)}
          {fields.cards && pair(t`Cards`, 'cards', cards, setCards, fields !== ALL_FIELDS)}
          {fields.goals && <label className="bo-field"><span><Trans>Goal order (h12 a40 …)</Trans></span><input name="goals" value={goals} onChange={(e) => setGoals(e.target.value)} /></label>}
          <label className="bo-field"><span><Trans>Match status</Trans></span>
            <select name="status" value={status} onChange={(e) => setStatus(e.target.value as (typeof STATUSES)[number])}>
              {STATUSES.map((s) => <option key={s} value={s}>{t(STATUS_LABEL[s])}</option>)}
            </select>
          </label>
        </div>
        {!preview && act.error && <p className="bo-error" role="alert">{act.error}</p>}
        {act.done && <p className="bo-ok" role="status">{act.done}</p>}
        <div className="bo-actions" style={{ marginBlockStart: 'var(--space-3)' }}>
          <button type="submit" className="bo-btn bo-btn-primary" disabled={act.busy}><Trans>Preview the settlement</Trans></button>
        </div>
      </form>
      <BoDialog
        wide open={preview !== null} onClose={() => setPreview(null)} busy={act.busy} error={preview ? act.error : undefined}
        title={preview ? `${preview.match.home} – ${preview.match.away} · ${when(preview.match.matchDate, lang)}` : ''}
        confirm={<Trans>Save result</Trans>} onConfirm={() => { if (!blocked) void save(); }}
      >
        {preview && (
          <>
            {preview.tooEarly && (
              <div className="bo-error" role="alert">
                <p>{t`The match cannot have ended yet: a result is accepted from ${when(preview.earliestAt, lang)}. Saving now settles coupons early.`}</p>
                {mayOverride
                  ? <label className="bo-field"><span><Trans>Reason for saving early (kept in the log)</Trans></span>
                    <input name="overrideReason" minLength={5} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} /></label>
                  : <p><Trans>Only a user allowed to override the result time can save it now.</Trans></p>}
              </div>
            )}
            <p>{cur ? t`Stored result: ${`${cur.ft.h}:${cur.ft.a}`}${cur.ht ? ` (${t`half time`} ${cur.ht.h}:${cur.ht.a})` : ''}. Saving corrects it: payouts that change are reversed.` : t`No result stored yet.`}</p>
            <p>{t`Coupon tips this result settles: ${preview.totalCount}`}</p>
            <DataTable label={t`Coupons settled by this result`} columns={columns} rows={preview.coupons} rowKey={(r) => `${r.couponId}-${r.oddsType}-${r.outcomeId}-${r.special}`} empty={<Trans>No coupon has a tip on this match.</Trans>} />
          </>
        )}
      </BoDialog>
    </>
  );
}
