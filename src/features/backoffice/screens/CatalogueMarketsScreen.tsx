import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { NAME_LANGS, ODDS_GROUPS, type MarketSettings, type OddsGroupId, type OddTypeSettings } from '../../../../domain/catalogue/markets.ts';
import type { MarketFilterId } from '../../../../domain/market/filters.ts';
import { bo } from '../bo-client.ts';
import { BoDialog } from '../dialog.tsx';
import { DataTable, type Column } from '../table.tsx';
import { useAction, useBoFetch } from '../action.ts';

const GROUP_LABEL: Record<OddsGroupId, MessageDescriptor> = {
  main: msg`Main`, handicap: msg`Handicaps`, overUnder: msg`Over/unders`, corners: msg`Corners`, cards: msg`Cards`, other: msg`Other`,
};
const FILTER_LABEL: Record<MarketFilterId, MessageDescriptor> = {
  all: msg`All`, main: msg`Main`, handicap: msg`Handicap`, total: msg`Over/under`, half: msg`Half`, goals: msg`Goals`, corners: msg`Corners`, cards: msg`Cards`,
};
const FILTER_IDS = Object.keys(FILTER_LABEL) as MarketFilterId[];

/** An outcome's name field fills its cell. */
const OUTCOME_INPUT = { width: '100%', boxSizing: 'border-box', textAlign: 'start', minHeight: 28, padding: '0 8px', border: '1px solid var(--line)', borderRadius: 'var(--radius-sm)', background: 'var(--bg)', color: 'var(--text)', font: 'inherit' } as const;

/** Type ids as the operator types them ('1, 186, 10'): numbers only, each once. */
const idsOf = (text: string): number[] => [...new Set(text.split(/[\s,]+/).filter(Boolean).map(Number).filter((n) => Number.isInteger(n) && n > 0))];

/**
 * Odd types and outcomes (names per language, group, list and live flags, quarter-line hiding,
 * order), the market filter tabs of each sport, and the football league order of live sorting:
 * each save is one audited change every server follows within 2 s.
 */
export function CatalogueMarketsScreen() {
  const { t } = useLingui();
  const { reply, reload } = useBoFetch('bo/catalogueMarkets', {});
  const [edit, setEdit] = useState<OddTypeSettings | null>(null);
  const [lang, setLang] = useState('tr');
  const act = useAction();
  const settings = reply?.status ? reply.settings : null;
  if (reply && !reply.status) return <p className="bo-error" role="alert">{reply.msg || reply.error}</p>;
  if (!settings) return <div className="bo-skel-block" aria-busy="true" />;
  const yes = (b: boolean) => (b ? <span className="bo-badge bo-badge-green">{t`Yes`}</span> : <span className="bo-note">{t`No`}</span>);
  const columns: Column<OddTypeSettings>[] = [
    { key: 'id', header: t`Type`, render: (r) => r.oddsType, num: true },
    { key: 'name', header: t`Name`, render: (r) => r.names.en ?? '' },
    { key: 'lang', header: lang.toUpperCase(), render: (r) => r.names[lang] ?? <span className="bo-note">—</span> },
    { key: 'outcomes', header: t`Outcomes`, render: (r) => Object.values(r.outcomes).map((o) => o.en).join(' · ') },
    { key: 'group', header: t`Group`, render: (r) => t(GROUP_LABEL[r.group]) },
    { key: 'list', header: t`In lists`, render: (r) => yes(r.inList) },
    { key: 'live', header: t`In live`, render: (r) => yes(r.inLive) },
    { key: 'quarter', header: t`Quarter lines hidden`, render: (r) => yes(r.hideQuarter) },
    { key: 'order', header: t`Order`, render: (r) => r.order, num: true },
    { key: 'edit', header: '', render: (r) => <button type="button" className="bo-btn bo-btn-small" onClick={() => { act.reset(); setEdit(r); }}><Trans>Edit</Trans></button> },
  ];
  const save = async () => {
    if (!edit) return;
    const r = await act.run(() => bo('bo/catalogueSaveOddType', { type: edit }));
    if (r) { setEdit(null); reload(); }
  };
  return (
    <>
      <section className="bo-panel" aria-labelledby="odd-types">
        <div className="bo-actions" style={{ justifyContent: 'space-between' }}>
          <h2 id="odd-types"><Trans>Odd types and outcomes</Trans></h2>
          <label className="bo-field"><span><Trans>Second language</Trans></span>
            <select name="lang" value={lang} onChange={(e) => setLang(e.target.value)}>{NAME_LANGS.filter((l) => l !== 'en').map((l) => <option key={l} value={l}>{l.toUpperCase()}</option>)}</select>
          </label>
        </div>
        {act.done && !edit && <p className="bo-ok" role="status">{act.done}</p>}
        <DataTable label={t`Odd types and outcomes`} columns={columns} rows={settings.types} rowKey={(r) => r.oddsType} onOpen={(r) => { act.reset(); setEdit(r); }} />
      </section>
      <FilterTabs settings={settings} onSaved={reload} />
      <LiveOrder settings={settings} onSaved={reload} />
      <BoDialog open={edit !== null} wide title={t`Odd type ${edit?.oddsType ?? ''}`} onClose={() => setEdit(null)} busy={act.busy} error={act.error} confirm={t`Save`} onConfirm={() => void save()}>
        {edit && <OddTypeForm type={edit} lang={lang} onChange={setEdit} />}
      </BoDialog>
    </>
  );
}

/** One odd type's form: its names and its outcomes' names in English and the chosen language, and its flags. */
function OddTypeForm({ type, lang, onChange }: { type: OddTypeSettings; lang: string; onChange: (t: OddTypeSettings) => void }) {
  const { t } = useLingui();
  const set = (patch: Partial<OddTypeSettings>) => onChange({ ...type, ...patch });
  const setOutcome = (id: string, l: string, v: string) => set({ outcomes: { ...type.outcomes, [id]: { ...type.outcomes[id], [l]: v } } });
  return (
    <>
      {/* A little room above: the body scrolls, and its top edge would clip the dots of Ü and Ö. */}
      <div className="bo-grid-form" style={{ paddingBlockStart: 4 }}>
        <label className="bo-field"><span><Trans>Name (English, the fallback)</Trans></span><input name="name-en" required maxLength={80} value={type.names.en ?? ''} onChange={(e) => set({ names: { ...type.names, en: e.target.value } })} /></label>
        <label className="bo-field"><span>{t`Name`} ({lang.toUpperCase()})</span><input name={`name-${lang}`} lang={lang} maxLength={80} placeholder={type.names.en} value={type.names[lang] ?? ''} onChange={(e) => set({ names: { ...type.names, [lang]: e.target.value } })} /></label>
        <label className="bo-field"><span><Trans>Group</Trans></span>
          <select name="group" value={type.group} onChange={(e) => set({ group: e.target.value as OddsGroupId })}>{ODDS_GROUPS.map((g) => <option key={g} value={g}>{t(GROUP_LABEL[g])}</option>)}</select>
        </label>
        <label className="bo-field"><span><Trans>Order</Trans></span><input name="order" inputMode="numeric" value={String(type.order)} onChange={(e) => set({ order: Number(e.target.value.replace(/\D/g, '')) || 0 })} /></label>
        <label className="bo-check"><input type="checkbox" name="inList" checked={type.inList} onChange={(e) => set({ inList: e.target.checked })} /><span><Trans>Shown in match lists</Trans></span></label>
        <label className="bo-check"><input type="checkbox" name="inLive" checked={type.inLive} onChange={(e) => set({ inLive: e.target.checked })} /><span><Trans>Offered in live</Trans></span></label>
        <label className="bo-check"><input type="checkbox" name="hideQuarter" checked={type.hideQuarter} onChange={(e) => set({ hideQuarter: e.target.checked })} /><span><Trans>Hide quarter lines (.25, .75)</Trans></span></label>
      </div>
      <table className="bo-table" aria-label={t`Outcomes`}>
        <thead><tr><th scope="col"><Trans>Outcome</Trans></th><th scope="col">EN</th><th scope="col">{lang.toUpperCase()}</th></tr></thead>
        <tbody>
          {Object.entries(type.outcomes).map(([id, names]) => (
            <tr key={id}>
              <td className="num">{id}</td>
              <td><input style={OUTCOME_INPUT} aria-label={`${id} EN`} maxLength={80} value={names.en ?? ''} onChange={(e) => setOutcome(id, 'en', e.target.value)} /></td>
              <td><input style={OUTCOME_INPUT} aria-label={`${id} ${lang.toUpperCase()}`} lang={lang} maxLength={80} placeholder={names.en} value={names[lang] ?? ''} onChange={(e) => setOutcome(id, lang, e.target.value)} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The filter tabs of one sport (0: every sport without its own): a tab each with its type ids. */
function FilterTabs({ settings, onSaved }: { settings: MarketSettings; onSaved: () => void }) {
  const { t } = useLingui();
  const sports = useBoFetch('bo/catalogueSports', { limit: 200 }).reply;
  const [sportId, setSportId] = useState('1');
  const stored = settings.filters[sportId] ?? settings.filters['0'] ?? [];
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const act = useAction();
  const text = (id: MarketFilterId) => draft?.[id] ?? (stored.find((f) => f.id === id) ? stored.find((f) => f.id === id)!.types.join(', ') : '');
  const on = (id: MarketFilterId) => id === 'all' || (draft ? id in draft : stored.some((f) => f.id === id));
  const editAll = (): Record<string, string> => draft ?? Object.fromEntries(stored.map((f) => [f.id, f.types.join(', ')]));
  const save = async () => {
    const cur = editAll();
    const filters: { id: MarketFilterId; types: number[] }[] = FILTER_IDS.filter((id) => id === 'all' || id in cur).map((id) => ({ id, types: id === 'all' ? [] : idsOf(cur[id] ?? '') }));
    const r = await act.run(() => bo('bo/catalogueSaveFilters', { sportId: Number(sportId), filters }));
    if (r) { setDraft(null); onSaved(); }
  };
  return (
    <form className="bo-panel" aria-labelledby="filter-tabs" style={{ marginBlockStart: 'var(--space-3)' }} onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <h2 id="filter-tabs"><Trans>Market filter tabs per sport</Trans></h2>
      <div className="bo-actions">
        <label className="bo-field"><span><Trans>Sport</Trans></span>
          <select name="filterSport" value={sportId} onChange={(e) => { setSportId(e.target.value); setDraft(null); }}>
            <option value="0">{t`Every other sport`}</option>
            {(sports?.status ? sports.results : []).map((s) => <option key={s.id} value={s.id}>{s.name}{settings.filters[String(s.id)] ? '' : ' *'}</option>)}
          </select>
        </label>
        <span className="bo-note"><Trans>* uses the tabs of every other sport until saved</Trans></span>
      </div>
      <div className="bo-grid-form" style={{ marginBlockStart: 'var(--space-2)' }}>
        {FILTER_IDS.filter((id) => id !== 'all').map((id) => (
          <div key={id} className="bo-field">
            <label className="bo-check"><input type="checkbox" name={`tab-${id}`} checked={on(id)} onChange={(e) => {
              const cur = { ...editAll() };
              if (e.target.checked) cur[id] = cur[id] ?? ''; else delete cur[id];
              setDraft(cur);
            }} /><span>{t(FILTER_LABEL[id])}</span></label>
            <input name={`types-${id}`} aria-label={t`Odd types of ${t(FILTER_LABEL[id])}`} disabled={!on(id)} value={text(id)} placeholder="1, 186" onChange={(e) => setDraft({ ...editAll(), [id]: e.target.value })} />
          </div>
        ))}
      </div>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
      <div className="bo-actions" style={{ marginBlockStart: 'var(--space-2)' }}>
        <button type="submit" className="bo-btn bo-btn-primary" disabled={act.busy || draft === null}><Trans>Save tabs</Trans></button>
      </div>
    </form>
  );
}

/** The football leagues live sorting puts first, in order: add from the list, move up or down, remove. */
function LiveOrder({ settings, onSaved }: { settings: MarketSettings; onSaved: () => void }) {
  const { t } = useLingui();
  const leagues = useBoFetch('bo/catalogueLeagues', { sportId: 1, limit: 200 }).reply;
  const rows = leagues?.status ? leagues.results : [];
  const nameOf = new Map(rows.map((l) => [l.id, `${l.name} · ${l.categoryName}`]));
  const [draft, setDraft] = useState<number[] | null>(null);
  const [pick, setPick] = useState('');
  const list = draft ?? settings.liveLeagueOrder;
  const act = useAction();
  const move = (i: number, by: number) => { const next = [...list]; const [x] = next.splice(i, 1); next.splice(i + by, 0, x!); setDraft(next); };
  const save = async () => {
    const r = await act.run(() => bo('bo/catalogueSaveLiveOrder', { leagueIds: list }));
    if (r) { setDraft(null); onSaved(); }
  };
  return (
    <section className="bo-panel" aria-labelledby="live-order" style={{ marginBlockStart: 'var(--space-3)' }}>
      <h2 id="live-order"><Trans>Football league order in live</Trans></h2>
      <p className="bo-note"><Trans>Live football matches of these leagues come first, in this order; the others follow by start time.</Trans></p>
      {list.length === 0 ? <p className="bo-note"><Trans>No league: live matches are sorted by start time.</Trans></p> : (
        <ol className="bo-tree">
          {list.map((id, i) => (
            <li key={id} className="bo-actions">
              <span className="num">{i + 1}.</span> <span>{nameOf.get(id) ?? `#${id}`}</span>
              <button type="button" className="bo-btn bo-btn-small" disabled={i === 0} aria-label={t`Up`} onClick={() => move(i, -1)}>↑</button>
              <button type="button" className="bo-btn bo-btn-small" disabled={i === list.length - 1} aria-label={t`Down`} onClick={() => move(i, 1)}>↓</button>
              <button type="button" className="bo-btn bo-btn-small" onClick={() => setDraft(list.filter((x) => x !== id))}><Trans>Remove</Trans></button>
            </li>
          ))}
        </ol>
      )}
      <div className="bo-actions" style={{ marginBlockStart: 'var(--space-2)' }}>
        <label className="bo-field"><span><Trans>Football league</Trans></span>
          <select name="addLeague" value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">{t`Choose…`}</option>
            {rows.filter((l) => !list.includes(l.id)).map((l) => <option key={l.id} value={l.id}>{nameOf.get(l.id)}</option>)}
          </select>
        </label>
        <button type="button" className="bo-btn" disabled={!pick} onClick={() => { setDraft([...list, Number(pick)]); setPick(''); }}><Trans>Add</Trans></button>
        <button type="button" className="bo-btn bo-btn-primary" disabled={act.busy || draft === null} onClick={() => void save()}><Trans>Save order</Trans></button>
      </div>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
    </section>
  );
}
