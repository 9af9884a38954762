import { useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { BoSearch } from './url-state.ts';

/** A filter above a table; its value lives in the URL under `name`. */
export type Filter =
  | { name: string; label: ReactNode; type: 'text' | 'date' | 'number'; search?: boolean; placeholder?: string }
  | { name: string; label: ReactNode; type: 'select'; options: Array<{ value: string; label: string }> };

/**
 * The filter bar: edits stay local until applied (Enter or the button), then go to the URL; the
 * search field is the one `/` focuses. `extra` sits at the end (the CSV export link, a create button).
 */
export function FilterBar(props: { filters: Filter[]; search: BoSearch; onApply: (patch: BoSearch) => void; extra?: ReactNode }) {
  // A new URL (the back button, a pasted link) starts the form again from its values.
  return <FilterForm key={props.filters.map((f) => props.search[f.name] ?? '').join('\u0000')} {...props} />;
}

function FilterForm({ filters, search, onApply, extra }: { filters: Filter[]; search: BoSearch; onApply: (patch: BoSearch) => void; extra?: ReactNode }) {
  const [values, setValues] = useState<BoSearch>(() => Object.fromEntries(filters.map((f) => [f.name, search[f.name] ?? ''])));
  return (
    <form className="bo-filters" role="search" onSubmit={(e) => { e.preventDefault(); onApply(values); }}>
      {filters.map((f) => (
        <label key={f.name} className="bo-field">
          <span>{f.label}</span>
          {f.type === 'select' ? (
            <select name={f.name} value={values[f.name] ?? ''} onChange={(e) => { const v = { ...values, [f.name]: e.target.value }; setValues(v); onApply(v); }}>
              {f.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
            </select>
          ) : (
            <input name={f.name} type={f.type === 'number' ? 'text' : f.type} inputMode={f.type === 'number' ? 'numeric' : undefined} data-bo-search={f.type === 'text' && f.search ? '' : undefined}
              placeholder={f.type === 'text' ? f.placeholder : undefined} value={values[f.name] ?? ''} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
          )}
        </label>
      ))}
      <button type="submit" className="bo-btn bo-btn-primary"><Trans>Filter</Trans></button>
      {extra && <div className="bo-filters-extra">{extra}</div>}
    </form>
  );
}
