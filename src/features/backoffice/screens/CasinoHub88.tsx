import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BoHub88Prepaid, BoHub88Reward, BoHub88Sync } from '../../../../domain/casino/hub88-calls.ts';
import { parseAmount } from '../../../../domain/money.ts';
import { bo, newIdempotencyKey } from '../bo-client.ts';
import { useAction, useBoFetch } from '../action.ts';
import { BoDialog } from '../dialog.tsx';
import { money, when } from '../format.ts';
import { useBo } from '../session.tsx';
import { DataTable, type Column } from '../table.tsx';

/**
 * The Hub88 aggregator on the casino screen: whether it is wired (its keys, our wallet address, the
 * game-list syncs, a sync now), a round's details for support, and free rounds granted to a player
 * through Hub88 with the list of those granted. Its studios and games are managed on the other tabs
 * like every provider's.
 */
export function CasinoHub88() {
  const { t } = useLingui();
  const { lang } = useBo();
  const { reply, reload } = useBoFetch('bo/hub88Status', {});
  const act = useAction();
  const s = reply?.status ? reply : null;
  const sync = async () => { if (await act.run(() => bo('bo/hub88Sync', {}))) reload(); };
  const yes = (ok: boolean) => <span className={ok ? 'bo-badge bo-badge-green' : 'bo-badge bo-badge-red'}>{ok ? t`Set up` : t`Not set up`}</span>;
  const cols: Column<BoHub88Sync>[] = [
    { key: 'at', header: t`Started`, render: (r) => when(r.startedAt, lang) },
    { key: 'by', header: t`By`, render: (r) => r.byUser ?? t`Schedule` },
    { key: 'games', header: t`Games`, render: (r) => r.games, num: true },
    { key: 'added', header: t`Added`, render: (r) => r.added, num: true },
    { key: 'updated', header: t`Updated`, render: (r) => r.updated, num: true },
    { key: 'hidden', header: t`Withdrawn`, render: (r) => r.hidden, num: true },
    { key: 'error', header: t`Result`, render: (r) => (r.error ? <span className="bo-badge bo-badge-red" title={r.error}>{r.error.slice(0, 60)}</span> : r.finishedAt ? t`Done` : t`Running`) },
  ];
  return (
    <>
      {reply && !reply.status && <p className="bo-error" role="alert">{reply.msg}</p>}
      <div className="bo-split bo-hub88">
        <section className="bo-panel" aria-labelledby="bo-hub88-state">
          <h2 id="bo-hub88-state">Hub88</h2>
          {s ? (
            <dl className="bo-summary">
              <dt><Trans>Wallet (Hub88's public key)</Trans></dt><dd>{yes(s.wallet)}</dd>
              <dt><Trans>Games and free rounds (our key, operator id)</Trans></dt><dd>{yes(s.api)}</dd>
              <dt><Trans>Wallet address for Hub88</Trans></dt><dd><code className="bo-code">{`${location.origin}${s.prefix}`}</code></dd>
              <dt><Trans>Operator id</Trans></dt><dd>{s.operatorId || '–'}</dd>
              <dt><Trans>Aggregator</Trans></dt><dd>{s.enabled ? <Trans>Enabled</Trans> : <span className="bo-badge bo-badge-red"><Trans>Disabled on the Providers tab</Trans></span>}</dd>
              <dt><Trans>Studios</Trans></dt><dd>{s.studios}</dd>
              <dt><Trans>Games</Trans></dt><dd>{t`${s.gamesEnabled} of ${s.games} enabled`}</dd>
            </dl>
          ) : <div className="bo-skel-block bo-hub88-skel" aria-busy="true" />}
          <div className="bo-actions">
            <button type="button" className="bo-btn bo-btn-primary" disabled={act.busy || !s?.api} onClick={() => void sync()} data-testid="bo-hub88-sync">
              {act.busy ? <Trans>Syncing…</Trans> : <Trans>Sync the game list now</Trans>}
            </button>
          </div>
          {act.error && <p className="bo-error" role="alert">{act.error}</p>}
          {act.done && <p className="bo-ok" role="status">{act.done}</p>}
          <p className="bo-note"><Trans>The list is also synced on a schedule (every hour by default). New games come enabled, after the others; a game Hub88 withdraws leaves the lobby until it is offered again. What you change on the other tabs is kept.</Trans></p>
        </section>
        <RoundDetails disabled={!s?.api} />
      </div>
      <h2 className="bo-title"><Trans>Game-list syncs</Trans></h2>
      <DataTable label={t`Game-list syncs`} columns={cols} rows={s ? s.syncs : null} rowKey={(r) => r.startedAt} empty={<Trans>No sync yet.</Trans>} />
      <FreeRounds games={s?.freebetGames ?? []} disabled={!s?.api} />
    </>
  );
}

function RoundDetails({ disabled }: { disabled: boolean }) {
  const { t } = useLingui();
  const act = useAction();
  const [form, setForm] = useState({ userName: '', round: '', transactionUuid: '' });
  const [url, setUrl] = useState('');
  const open = async () => {
    setUrl('');
    const r = await act.run(() => bo('bo/hub88Round', { userName: form.userName.trim(), round: form.round.trim(), ...(form.transactionUuid.trim() ? { transactionUuid: form.transactionUuid.trim() } : {}) }));
    if (r) { setUrl(r.url); window.open(r.url, '_blank', 'noopener'); }
  };
  return (
    <section className="bo-panel" aria-labelledby="bo-hub88-round">
      <h2 id="bo-hub88-round"><Trans>Round details</Trans></h2>
      <form className="bo-grid-form" onSubmit={(e) => { e.preventDefault(); if (form.userName.trim() && form.round.trim()) void open(); }}>
        <label className="bo-field"><span><Trans>Player</Trans></span>
          <input value={form.userName} maxLength={40} onChange={(e) => setForm({ ...form, userName: e.target.value })} autoComplete="off" />
        </label>
        <label className="bo-field"><span><Trans>Round</Trans></span>
          <input value={form.round} maxLength={255} onChange={(e) => setForm({ ...form, round: e.target.value })} />
        </label>
        <label className="bo-field"><span><Trans>Transaction (optional)</Trans></span>
          <input value={form.transactionUuid} maxLength={255} onChange={(e) => setForm({ ...form, transactionUuid: e.target.value })} />
        </label>
        <div className="bo-actions">
          <button type="submit" className="bo-btn" disabled={disabled || act.busy || !form.userName.trim() || !form.round.trim()}><Trans>Show the round</Trans></button>
        </div>
      </form>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {url && <p className="bo-note"><a href={url} target="_blank" rel="noopener noreferrer">{t`Open the round's page again`}</a></p>}
      <p className="bo-note"><Trans>Hub88 shows what was played, staked and won in the round, as the studio recorded it.</Trans></p>
    </section>
  );
}

const stamp = (v: string) => (v ? `${v.slice(0, 16)}` : undefined);

function FreeRounds({ games, disabled }: { games: Array<{ id: number; title: string; studio: string }>; disabled: boolean }) {
  const { t } = useLingui();
  const { lang } = useBo();
  const [gameId, setGameId] = useState<number | null>(null);
  const prepaids = useBoFetch('bo/hub88Prepaids', gameId ? { gameId } : null);
  const rewards = useBoFetch('bo/hub88Rewards', {});
  const [form, setForm] = useState({ userName: '', prepaid: '', value: '', count: '', start: '', end: '' });
  const [confirm, setConfirm] = useState<{ key: string } | null>(null);
  const act = useAction();
  const list: BoHub88Prepaid[] = prepaids.reply?.status ? prepaids.reply.results : [];
  const chosen = list.find((p) => p.prepaidUuid === form.prepaid);
  const value = chosen?.betValue ?? parseAmount(form.value);
  const count = chosen?.betCount ?? (/^\d{1,4}$/.test(form.count) ? Number(form.count) : null);
  const game = games.find((g) => g.id === gameId);
  const ready = !disabled && !!game && !!chosen && !!form.userName.trim() && value !== null && value > 0 && count !== null && count > 0;
  const grant = async () => {
    if (!ready || !confirm) return;
    const r = await act.run(() => bo('bo/hub88Grant', {
      userName: form.userName.trim(), gameId: game.id, prepaidUuid: chosen.prepaidUuid,
      ...(chosen.betValue === null ? { betValue: value } : {}), ...(chosen.betCount === null ? { betCount: count } : {}),
      ...(stamp(form.start) ? { startTime: stamp(form.start)! } : {}), ...(stamp(form.end) ? { endTime: stamp(form.end)! } : {}),
    }, confirm.key));
    if (r) { setConfirm(null); setForm({ ...form, userName: '' }); rewards.reload(); }
  };
  const cols: Column<BoHub88Reward>[] = [
    { key: 'at', header: t`Granted`, render: (r) => when(r.createdAt, lang) },
    { key: 'player', header: t`Player`, render: (r) => r.userName },
    { key: 'game', header: t`Game`, render: (r) => r.game },
    { key: 'value', header: t`Value of a round`, render: (r) => money(r.betValue, r.currency, lang), num: true },
    { key: 'count', header: t`Rounds`, render: (r) => r.betCount, num: true },
    { key: 'end', header: t`Ends`, render: (r) => when(r.endTime, lang) || '–' },
    { key: 'status', header: t`Status`, render: (r) => <span className="bo-badge">{r.status || '–'}</span> },
    { key: 'by', header: t`By`, render: (r) => r.createdBy ?? '' },
  ];
  return (
    <section className="bo-panel bo-hub88-free" aria-labelledby="bo-hub88-free">
      <h2 id="bo-hub88-free"><Trans>Free rounds</Trans></h2>
      <form className="bo-grid-form" onSubmit={(e) => { e.preventDefault(); if (ready) { act.reset(); setConfirm({ key: newIdempotencyKey() }); } }}>
        <label className="bo-field"><span><Trans>Player</Trans></span>
          <input value={form.userName} maxLength={40} onChange={(e) => setForm({ ...form, userName: e.target.value })} autoComplete="off" data-testid="bo-hub88-free-player" />
        </label>
        <label className="bo-field"><span><Trans>Game</Trans></span>
          <select value={gameId ?? ''} onChange={(e) => { setGameId(e.target.value ? Number(e.target.value) : null); setForm({ ...form, prepaid: '' }); }} data-testid="bo-hub88-free-game">
            <option value="">{games.length ? t`Choose a game` : t`No game offers free rounds`}</option>
            {games.map((g) => <option key={g.id} value={g.id}>{`${g.title} (${g.studio})`}</option>)}
          </select>
        </label>
        <label className="bo-field"><span><Trans>Offer</Trans></span>
          <select value={form.prepaid} disabled={!list.length} onChange={(e) => setForm({ ...form, prepaid: e.target.value })} data-testid="bo-hub88-free-prepaid">
            <option value="">{t`Choose an offer`}</option>
            {list.map((p) => (
              <option key={p.prepaidUuid} value={p.prepaidUuid}>
                {p.betValue !== null && p.betCount !== null ? t`${p.betCount} rounds of ${money(p.betValue, p.currency, lang)}` : t`Rounds and value of your choice (${p.currency})`}
              </option>
            ))}
          </select>
        </label>
        {chosen && chosen.betValue === null && (
          <label className="bo-field"><span><Trans>Value of a round</Trans></span>
            <input inputMode="decimal" value={form.value} onChange={(e) => setForm({ ...form, value: e.target.value })} aria-invalid={form.value !== '' && parseAmount(form.value) === null} />
          </label>
        )}
        {chosen && chosen.betCount === null && (
          <label className="bo-field"><span><Trans>Rounds</Trans></span>
            <input inputMode="numeric" value={form.count} onChange={(e) => setForm({ ...form, count: e.target.value })} />
          </label>
        )}
        <label className="bo-field"><span><Trans>Starts (UTC, optional)</Trans></span>
          <input type="datetime-local" value={form.start} onChange={(e) => setForm({ ...form, start: e.target.value })} />
        </label>
        <label className="bo-field"><span><Trans>Ends (UTC, optional)</Trans></span>
          <input type="datetime-local" value={form.end} onChange={(e) => setForm({ ...form, end: e.target.value })} />
        </label>
        <div className="bo-actions">
          <button type="submit" className="bo-btn bo-btn-primary" disabled={!ready} data-testid="bo-hub88-free-grant"><Trans>Grant…</Trans></button>
        </div>
      </form>
      {prepaids.reply && !prepaids.reply.status && <p className="bo-error" role="alert">{prepaids.reply.msg}</p>}
      {act.done && !confirm && <p className="bo-ok" role="status">{act.done}</p>}
      <p className="bo-note"><Trans>Hub88 gives the player the rounds in the game. They cost the player nothing, and what they win is booked as bonus money.</Trans></p>
      <DataTable label={t`Free rounds granted`} columns={cols} rows={rewards.reply?.status ? rewards.reply.results : null} rowKey={(r) => r.id} empty={<Trans>No free rounds granted yet.</Trans>} />
      <BoDialog title={<Trans>Grant free rounds</Trans>} open={confirm !== null} onClose={() => setConfirm(null)} confirm={<Trans>Grant</Trans>} onConfirm={() => void grant()} busy={act.busy} error={act.error}>
        {ready && (
          <p>
            <Trans>{form.userName.trim()} gets {count} rounds of {money(value, chosen.currency, lang)} in {game.title}.</Trans>
          </p>
        )}
      </BoDialog>
    </section>
  );
}
