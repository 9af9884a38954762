import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CatalogueRow } from '../../../../domain/catalogue/calls.ts';
import { NAME_LANGS, type Names } from '../../../../domain/catalogue/markets.ts';
import { bo } from '../bo-client.ts';
import { BoDialog } from '../dialog.tsx';
import { FilterBar } from '../filters.tsx';
import { BoList, num, oneOf, opt, useBoList } from '../list.tsx';
import { useAction, useBoFetch } from '../action.ts';
import type { Column } from '../table.tsx';
import { useBoSearch } from '../url-state.ts';

type Kind = 'sport' | 'country' | 'league' | 'team';
const KINDS: readonly Kind[] = ['sport', 'country', 'league', 'team'];
const LIST_CALL = { sport: 'bo/catalogueSports', country: 'bo/catalogueCountries', league: 'bo/catalogueLeagues', team: 'bo/catalogueTeams' } as const;

/** The form of one row: every field a save may send (the kind picks which ones it does). */
interface Draft {
  id?: number | undefined; name: string; names: Names; logo: string; status: 0 | 1; sportId: string; categoryId: string; flag: string; listOrder: string; highlight: string;
}
const draftOf = (r: CatalogueRow | null, kind: Kind, sportId: string): Draft => (r ? {
  id: r.id, name: r.name, names: { ...r.names }, logo: r.logo, status: r.status, sportId: String(r.sportId), categoryId: r.categoryId ? String(r.categoryId) : '',
  flag: r.flag, listOrder: String(r.listOrder), highlight: '',
} : { name: '', names: {}, logo: '', status: 1, sportId: kind === 'sport' ? '' : sportId || '1', categoryId: '', flag: '', listOrder: '100', highlight: '' });

/** Languages named besides English. */
const otherLangs = (names: Names): number => Object.keys(names).filter((l) => l !== 'en' && names[l]).length;

/** Saves a draft with its kind's call; the reply of every kind is the same shape. */
function saveDraft(kind: Kind, d: Draft) {
  const base = { name: d.name, names: d.names, logo: d.logo, status: d.status };
  const order = Number(d.listOrder) || 0;
  switch (kind) {
    case 'sport': return bo('bo/catalogueSaveSport', { ...base, id: Number(d.id ?? d.sportId), listOrder: order });
    case 'country': return bo('bo/catalogueSaveCountry', { ...base, ...opt('id', d.id), sportId: Number(d.sportId), flag: d.flag, listOrder: order });
    case 'league': return bo('bo/catalogueSaveLeague', { ...base, ...opt('id', d.id), sportId: Number(d.sportId), categoryId: Number(d.categoryId), listOrder: order, ...(d.highlight === '' ? {} : { highlight: Number(d.highlight) }) });
    case 'team': return bo('bo/catalogueSaveTeam', { ...base, ...opt('id', d.id), sportId: Number(d.sportId) });
  }
}

/**
 * Sports, countries, leagues and teams: a tab each, a server-paged list with search, sport and
 * status filters; a row opens its form (names in the 17 languages, English the fallback, logo,
 * order, status); duplicate teams and leagues merge into the one kept.
 */
export function CatalogueScreen() {
  const { t } = useLingui();
  const [search] = useBoSearch();
  const sportsFetch = useBoFetch('bo/catalogueSports', { limit: 200 });
  const sports = sportsFetch.reply?.status ? sportsFetch.reply.results : [];
  const kind = (KINDS as readonly string[]).includes(search.tab ?? '') ? search.tab as Kind : 'league';
  const list = useBoList(LIST_CALL[kind], (s) => ({
    ...opt('search', s.q), ...opt('sportId', num(s.sport)), ...opt('categoryId', num(s.country)), ...opt('status', oneOf(s.status, [0, 1] as const)),
  }));
  const [edit, setEdit] = useState<Draft | null>(null);
  const [merge, setMerge] = useState<{ row: CatalogueRow; keepId: string } | null>(null);
  const act = useAction();
  const kindLabel: Record<Kind, string> = { sport: t`Sports`, country: t`Countries`, league: t`Leagues`, team: t`Teams` };
  const newLabel: Record<Kind, string> = { sport: t`New sport`, country: t`New country`, league: t`New league`, team: t`New team` };
  const statusBadge = (s: number) => <span className={s ? 'bo-badge bo-badge-green' : 'bo-badge'}>{s ? t`Active` : t`Passive`}</span>;
  const open = (r: CatalogueRow | null) => { act.reset(); setEdit(draftOf(r, kind, list.search.sport ?? '')); };
  const columns: Column<CatalogueRow>[] = [
    { key: 'id', header: t`Id`, render: (r) => r.id, num: true },
    { key: 'name', header: t`Name`, render: (r) => (
      <>{r.logo && <img src={r.logo} alt="" width={16} height={16} style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} />}{r.name}
        {otherLangs(r.names) > 0 && <span className="bo-note"> · {t`${otherLangs(r.names) + 1} languages`}</span>}</>) },
    ...(kind === 'sport' ? [] : [{ key: 'sport', header: t`Sport`, render: (r: CatalogueRow) => r.sportName }]),
    ...(kind === 'league' ? [{ key: 'country', header: t`Country`, render: (r: CatalogueRow) => r.categoryName }] : []),
    ...(kind === 'country' ? [{ key: 'flag', header: t`Flag`, render: (r: CatalogueRow) => <span className="bo-code">{r.flag}</span> }] : []),
    ...(kind === 'team' ? [] : [{ key: 'order', header: t`Order`, render: (r: CatalogueRow) => r.listOrder, num: true }]),
    { key: 'status', header: t`Status`, render: (r) => statusBadge(r.status) },
    { key: 'matches', header: t`Matches`, render: (r) => r.matches, num: true },
    { key: 'feed', header: t`Feed`, render: (r) => (
      <>{r.feedId ? <span className="bo-badge"><Trans>feed</Trans></span> : ''}
        {r.providerIds?.map((id) => <span key={id} className="bo-code" style={{ marginInlineStart: 4 }}>{id}</span>)}</>) },
    { key: 'actions', header: '', render: (r) => (
      <span className="bo-actions">
        <button type="button" className="bo-btn bo-btn-small" onClick={() => open(r)}><Trans>Edit</Trans></button>
        {(kind === 'team' || kind === 'league') && <button type="button" className="bo-btn bo-btn-small" onClick={() => { act.reset(); setMerge({ row: r, keepId: '' }); }}><Trans>Merge</Trans></button>}
      </span>) },
  ];
  const save = async () => {
    if (!edit) return;
    const r = await act.run(() => saveDraft(kind, edit));
    if (r) { setEdit(null); list.reload(); if (kind === 'sport') sportsFetch.reload(); }
  };
  const doMerge = async () => {
    if (!merge) return;
    const payload = { keepId: Number(merge.keepId), mergeId: merge.row.id };
    const r = await act.run(() => bo(kind === 'team' ? 'bo/catalogueMergeTeams' : 'bo/catalogueMergeLeagues', payload));
    if (r) { setMerge(null); list.reload(); }
  };
  return (
    <>
      <div className="bo-tabs" role="tablist" aria-label={t`Catalogue`}>
        {KINDS.map((k) => <button key={k} type="button" role="tab" aria-selected={k === kind} onClick={() => list.setSearch({ tab: k, q: '', country: '' })}>{kindLabel[k]}</button>)}
      </div>
      <FilterBar filters={[
        { name: 'q', label: t`Name`, type: 'text', search: true },
        ...(kind === 'sport' ? [] : [{ name: 'sport', label: t`Sport`, type: 'select' as const, options: [{ value: '', label: t`All` }, ...sports.map((s) => ({ value: String(s.id), label: s.name }))] }]),
        { name: 'status', label: t`Status`, type: 'select', options: [{ value: '', label: t`All` }, { value: '1', label: t`Active` }, { value: '0', label: t`Passive` }] },
      ]} search={list.search} onApply={(v) => list.setSearch(v)}
        extra={<button type="button" className="bo-btn bo-btn-primary" onClick={() => open(null)}>{newLabel[kind]}</button>} />
      {act.done && !edit && !merge && <p className="bo-ok" role="status">{act.done}</p>}
      <BoList list={list} label={kindLabel[kind]} columns={columns} rowKey={(r) => r.id} onOpen={open} />
      <BoDialog open={edit !== null} wide title={edit?.id ? t`Edit ${edit.name}` : newLabel[kind]} onClose={() => setEdit(null)} busy={act.busy} error={act.error}
        confirm={t`Save`} onConfirm={() => void save()}>
        {edit && <EditForm kind={kind} draft={edit} sports={sports} onChange={setEdit} />}
      </BoDialog>
      <BoDialog open={merge !== null} title={t`Merge ${merge?.row.name ?? ''}`} onClose={() => setMerge(null)} busy={act.busy} error={act.error}
        confirm={t`Merge`} danger onConfirm={() => void doMerge()}>
        {merge && (
          <>
            <p>{t`The ${merge.row.matches} matches of ${merge.row.name} (id ${merge.row.id}) move to the row kept, then ${merge.row.name} is deleted. This cannot be undone.`}</p>
            <MergeTarget kind={kind === 'team' ? 'team' : 'league'} row={merge.row} keepId={merge.keepId} onPick={(keepId) => setMerge({ ...merge, keepId })} />
          </>
        )}
      </BoDialog>
    </>
  );
}

/** Picks the row a duplicate merges into: rows of the same sport found by name. */
function MergeTarget({ kind, row, keepId, onPick }: { kind: 'team' | 'league'; row: CatalogueRow; keepId: string; onPick: (id: string) => void }) {
  const { t } = useLingui();
  const [q, setQ] = useState(row.name.slice(0, 4));
  const { reply } = useBoFetch(kind === 'team' ? 'bo/catalogueTeams' : 'bo/catalogueLeagues', q.trim().length >= 2 ? { search: q.trim(), sportId: row.sportId, limit: 20 } : null);
  const rows = reply?.status ? reply.results.filter((r) => r.id !== row.id) : [];
  return (
    <>
      <label className="bo-field"><span><Trans>Find the row to keep</Trans></span><input name="find" value={q} onChange={(e) => setQ(e.target.value)} /></label>
      <label className="bo-field"><span><Trans>Keep</Trans></span>
        <select name="keepId" value={keepId} onChange={(e) => onPick(e.target.value)} required>
          <option value="">{t`Choose…`}</option>
          {rows.map((r) => <option key={r.id} value={r.id}>{`${r.name} · ${r.categoryName || r.sportName} · #${r.id} · ${t`${r.matches} matches`}`}</option>)}
        </select>
      </label>
    </>
  );
}

/** The file's bytes as base64 (what bo/uploadImage takes). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Uploads a logo to the server's image store (bo/uploadImage, kind logo: square, resized) and hands back its address. */
function LogoUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const act = useAction();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const data = await base64Of(file);
    const r = await act.run(() => bo('bo/uploadImage', { kind: 'logo', data }));
    if (r) onUploaded(r.image.url);
  };
  return (
    <label className="bo-field"><span><Trans>Upload a logo (PNG, JPEG, WebP)</Trans></span>
      <input type="file" name="logoFile" accept="image/png,image/jpeg,image/webp,image/avif" disabled={act.busy} onChange={(e) => void upload(e.target.files?.[0])} />
      {act.error && <span className="bo-error" role="alert">{act.error}</span>}
    </label>
  );
}

/** The fields of one kind's form. */
function EditForm({ kind, draft, sports, onChange }: { kind: Kind; draft: Draft; sports: CatalogueRow[]; onChange: (d: Draft) => void }) {
  const { t } = useLingui();
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const countries = useBoFetch('bo/catalogueCountries', kind === 'league' && draft.sportId ? { sportId: Number(draft.sportId), limit: 200 } : null).reply;
  return (
    <>
      {/* A little room above: the body scrolls, and its top edge would clip the dots of Ü and Ö. */}
      <div className="bo-grid-form" style={{ paddingBlockStart: 4 }}>
        <label className="bo-field"><span><Trans>Name (English, the fallback)</Trans></span><input name="name" required maxLength={80} value={draft.name} onChange={(e) => set({ name: e.target.value })} /></label>
        {kind === 'sport' && draft.id === undefined && (
          <label className="bo-field"><span><Trans>Sport id</Trans></span><input name="sportIdNew" inputMode="numeric" required value={draft.sportId} onChange={(e) => set({ sportId: e.target.value.replace(/\D/g, '') })} /></label>
        )}
        {kind !== 'sport' && (
          <label className="bo-field"><span><Trans>Sport</Trans></span>
            <select name="sportId" value={draft.sportId} onChange={(e) => set({ sportId: e.target.value, categoryId: '' })}>
              {sports.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
            </select>
          </label>
        )}
        {kind === 'league' && (
          <label className="bo-field"><span><Trans>Country</Trans></span>
            <select name="categoryId" value={draft.categoryId} required onChange={(e) => set({ categoryId: e.target.value })}>
              <option value="">{t`Choose…`}</option>
              {(countries?.status ? countries.results : []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </label>
        )}
        {kind === 'country' && (
          <label className="bo-field"><span><Trans>Flag code (gb, de, eu, int)</Trans></span><input name="flag" maxLength={8} value={draft.flag} onChange={(e) => set({ flag: e.target.value.toLowerCase().replace(/[^a-z]/g, '') })} /></label>
        )}
        {kind !== 'team' && (
          <label className="bo-field"><span><Trans>Order</Trans></span><input name="listOrder" inputMode="numeric" value={draft.listOrder} onChange={(e) => set({ listOrder: e.target.value.replace(/\D/g, '') })} /></label>
        )}
        {kind === 'league' && (
          <label className="bo-field"><span><Trans>Highlight weight (0 none)</Trans></span><input name="highlight" inputMode="numeric" maxLength={1} placeholder={t`unchanged`} value={draft.highlight} onChange={(e) => set({ highlight: e.target.value.replace(/\D/g, '') })} /></label>
        )}
        <label className="bo-field"><span><Trans>Logo address (/media/…)</Trans></span><input name="logo" value={draft.logo} onChange={(e) => set({ logo: e.target.value.trim() })} /></label>
        <LogoUpload onUploaded={(url) => set({ logo: url })} />
        <label className="bo-check"><input type="checkbox" name="status" checked={draft.status === 1} onChange={(e) => set({ status: e.target.checked ? 1 : 0 })} /><span><Trans>Active</Trans></span></label>
      </div>
      <fieldset className="bo-panel">
        <legend><Trans>Names in other languages (empty: the English name)</Trans></legend>
        <div className="bo-grid-form">
          {NAME_LANGS.filter((l) => l !== 'en').map((l) => (
            <label key={l} className="bo-field"><span>{l.toUpperCase()}</span>
              <input name={`name-${l}`} lang={l} maxLength={80} placeholder={draft.name} value={draft.names[l] ?? ''} onChange={(e) => set({ names: { ...draft.names, [l]: e.target.value } })} />
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
