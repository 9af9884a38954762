import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAction } from '../action.ts';
import { BoDialog } from '../dialog.tsx';
import { DataTable, type Column } from '../table.tsx';
import { money, when } from '../format.ts';
import { useBo } from '../session.tsx';
import { bo } from '../bo-client.ts';
import type { BoResultPreviewReply, BoResultPreviewRow } from '../../../../domain/backoffice/catalogue-calls.ts';
import type { TipOutcome } from '../../../../domain/coupon/settle.ts';

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

/**
 * Result entry: full time, half time, corners, cards, goal order and status of a match;
 * the preview lists every coupon tip it settles with its outcome, and only its confirm saves.
 */
export function ResultsScreen() {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const act = useAction();
  const [matchId, setMatchId] = useState('');
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
    return {
      matchId: Number(matchId),
      result: { ft: pairOf(ft) ?? { h: NaN, a: NaN }, ht: pairOf(ht) ?? { h: NaN, a: NaN }, ...(c ? { corners: c } : {}), ...(k ? { cards: k } : {}), ...(g ? { goals: g } : {}), ...(status !== 'ended' ? { status } : {}) },
    };
  };
  const showPreview = async () => {
    const r = await act.run(() => bo('bo/resultPreview', payload()));
    if (r) setPreview(r);
  };
  const save = async () => {
    const r = await act.run(() => bo('bo/saveResult', payload()));
    if (r) setPreview(null);
  };

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
  return (
    <>
      <form className="bo-panel" onSubmit={(e) => { e.preventDefault(); void showPreview(); }}>
        <div className="bo-grid-form">
          <label className="bo-field"><span><Trans>Match id</Trans></span><input name="matchId" type="number" min={1} required value={matchId} onChange={(e) => setMatchId(e.target.value)} /></label>
          {pair(t`Full time`, 'ft', ft, setFt, true)}
          {pair(t`Half time`, 'ht', ht, setHt, true)}
          {pair(t`Corners`, 'corners', corners, setCorners)}
          {pair(t`Cards`, 'cards', cards, setCards)}
          <label className="bo-field"><span><Trans>Goal order (h12 a40 …)</Trans></span><input name="goals" value={goals} onChange={(e) => setGoals(e.target.value)} /></label>
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
        confirm={<Trans>Save result</Trans>} onConfirm={() => void save()}
      >
        {preview && (
          <>
            <p>{cur ? t`Stored result: ${cur.ft.h}:${cur.ft.a} (half time ${cur.ht.h}:${cur.ht.a}). Saving corrects it: payouts that change are reversed.` : t`No result stored yet.`}</p>
            <p>{t`Coupon tips this result settles: ${preview.totalCount}`}</p>
            <DataTable label={t`Coupons settled by this result`} columns={columns} rows={preview.coupons} rowKey={(r) => `${r.couponId}-${r.oddsType}-${r.outcomeId}-${r.special}`} empty={<Trans>No coupon has a tip on this match.</Trans>} />
          </>
        )}
      </BoDialog>
    </>
  );
}
