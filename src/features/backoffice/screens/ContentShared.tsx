/**
 * The pieces every content screen uses: an image upload to the server's image store,
 * a form drawn from field specs, and the list-plus-edit-dialog shape of banners, pop-ups, bonuses
 * and payment methods. Saving goes through the screen's own bo call; the server checks, sanitises
 * and audits.
 */
import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAction } from '../action.ts';
import { bo } from '../bo-client.ts';
import type { MediaKind } from '../../../../domain/content/media.ts';
import { storedImageAddress } from '../../../../domain/content/banner.ts';
import { BoDialog } from '../dialog.tsx';
import { LANGUAGES, LANGUAGE_INFO } from '../../../i18n/languages.ts';

/** The file's bytes as base64 (what bo/uploadImage takes). */
export async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** An image field: the address, a preview, and a file picker that uploads to the image store (resized there). */
export function ImageField({ label, name, kind, value, onChange }: { label: string; name: string; kind: MediaKind; value: string; onChange: (url: string) => void }) {
  const { t } = useLingui();
  const act = useAction();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const data = await base64Of(file);
    const r = await act.run(() => bo('bo/uploadImage', { kind, data }));
    if (r) onChange(r.image.url);
  };
  return (
    <div className="bo-field" style={{ gridColumn: '1 / -1' }}>
      <span>{label}</span>
      <div style={{ display: 'flex', gap: 'var(--space-2)', alignItems: 'center', flexWrap: 'wrap' }}>
        {value && <img src={storedImageAddress(value)} alt="" style={{ maxHeight: 56, maxWidth: 160, objectFit: 'contain', background: 'var(--bg)' }} />}
        <input name={name} value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} style={{ flex: 1 }} />
        <input type="file" name={`${name}File`} aria-label={t`Upload an image`} accept="image/png,image/jpeg,image/webp,image/avif,image/gif" disabled={act.busy} onChange={(e) => void upload(e.target.files?.[0])} />
      </div>
      {act.busy && <span role="status"><Trans>Uploading…</Trans></span>}
      {act.error && <span className="bo-error" role="alert">{act.error}</span>}
    </div>
  );
}

/** One field of a content form. */
export type FieldSpec<D> =
  | { key: keyof D & string; label: string; type: 'text' | 'number' | 'datetime' | 'textarea' | 'html'; wide?: boolean }
  | { key: keyof D & string; label: string; type: 'check' }
  | { key: keyof D & string; label: string; type: 'select'; options: Array<{ value: string | number; label: string }> }
  | { key: keyof D & string; label: string; type: 'image'; kind: MediaKind };

/** 'YYYY-MM-DDTHH:mm' of the operator's clock from an ISO time (the datetime-local input), and back. */
const localOf = (iso: unknown): string => {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

/** The fields of a draft, drawn by their specs. */
export function ContentForm<D extends Record<string, unknown>>({ fields, draft, onChange }: { fields: Array<FieldSpec<D>>; draft: D; onChange: (d: D) => void }) {
  const set = (k: string, v: unknown) => onChange({ ...draft, [k]: v });
  return (
    <div className="bo-grid-form">
      {fields.map((f) => {
        const v = draft[f.key];
        if (f.type === 'image') return <ImageField key={f.key} label={f.label} name={f.key} kind={f.kind} value={String(v ?? '')} onChange={(url) => set(f.key, url)} />;
        if (f.type === 'check') return <label key={f.key} className="bo-check"><input type="checkbox" name={f.key} checked={v === 1} onChange={(e) => set(f.key, e.target.checked ? 1 : 0)} /><span>{f.label}</span></label>;
        if (f.type === 'select') {
          return (
            <label key={f.key} className="bo-field"><span>{f.label}</span>
              <select name={f.key} value={String(v ?? '')} onChange={(e) => set(f.key, typeof f.options[0]?.value === 'number' ? Number(e.target.value) : e.target.value)}>
                {f.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              </select>
            </label>
          );
        }
        const wide = f.type === 'textarea' || f.type === 'html' || (f.type === 'text' && f.wide);
        return (
          <label key={f.key} className="bo-field" style={wide ? { gridColumn: '1 / -1' } : undefined}><span>{f.label}</span>
            {f.type === 'textarea' || f.type === 'html'
              ? <textarea name={f.key} rows={f.type === 'html' ? 8 : 3} value={String(v ?? '')} onChange={(e) => set(f.key, e.target.value)} spellCheck={f.type !== 'html'} style={f.type === 'html' ? { fontFamily: 'monospace' } : undefined} />
              : f.type === 'number'
                ? <input type="number" name={f.key} value={String(v ?? '')} onChange={(e) => set(f.key, e.target.value === '' ? '' : Number(e.target.value))} />
                : f.type === 'datetime'
                  ? <input type="datetime-local" name={f.key} value={localOf(v)} onChange={(e) => set(f.key, isoOf(e.target.value))} />
                  : <input name={f.key} value={String(v ?? '')} onChange={(e) => set(f.key, e.target.value)} />}
          </label>
        );
      })}
    </div>
  );
}

/**
 * The edit dialog of one row (or a new one): the form, Save through `save` (the screen's bo call),
 * the server's refusal shown in place; `onSaved` reloads the list.
 */
export function EditDialog<D extends Record<string, unknown>>({ title, fields, initial, save, onClose, onSaved, renderExtra }: {
  title: ReactNode; fields: Array<FieldSpec<D>>; initial: D | null;
  save: (d: D) => Promise<{ status: boolean; msg?: string; error?: string }>;
  onClose: () => void; onSaved: () => void; renderExtra?: (draft: D, set: (d: D) => void) => ReactNode;
}) {
  const { t } = useLingui();
  const act = useAction();
  const [draft, setDraft] = useState<D | null>(initial);
  const [seen, setSeen] = useState(initial);
  // A new row opened: its values replace the draft (set during render, React's derived-state pattern).
  if (seen !== initial) { setSeen(initial); setDraft(initial); act.reset(); }
  const submit = async () => {
    if (!draft) return;
    const r = await act.run(() => save(draft));
    if (r) { onSaved(); onClose(); }
  };
  return (
    <BoDialog title={title} open={initial !== null} onClose={onClose} confirm={t`Save`} onConfirm={() => void submit()} busy={act.busy} error={act.error} wide>
      {draft && <ContentForm fields={fields} draft={draft} onChange={setDraft} />}
      {draft && renderExtra?.(draft, setDraft)}
    </BoDialog>
  );
}

/** A status word (active / passive). */
export function StatusText({ status }: { status: number }) {
  return status === 1 ? <span className="bo-badge bo-badge-green"><Trans>Active</Trans></span> : <span className="bo-badge"><Trans>Passive</Trans></span>;
}

/** The language choices of a content row: every language ('') or one. */
export function useLangOptions(): Array<{ value: string; label: string }> {
  const { t } = useLingui();
  return [{ value: '', label: t`Every language` }, ...LANGUAGES.map((l) => ({ value: l, label: `${LANGUAGE_INFO[l].native} (${l})` }))];
}
