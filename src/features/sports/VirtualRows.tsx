import { useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { MatchRowView } from '../../../workers/core/views.ts';
import { MatchRow } from '../../ui/MatchRow.tsx';

/** Rows are about 72 px (two team lines, the meta line); measured after drawing. */
const ROW_ESTIMATE = 72;
/** Short lists render plainly: virtualising ten rows costs more than it saves. */
const VIRTUAL_FROM = 30;

/** A long list of match rows, virtualised against the page scroll so only the visible rows are in the DOM. */
export function VirtualRows({ rows, lang }: { rows: readonly MatchRowView[]; lang: string }) {
  if (rows.length < VIRTUAL_FROM) return <div className="match-list">{rows.map((m) => <MatchRow key={m.id} match={m} lang={lang} />)}</div>;
  return <Virtual rows={rows} lang={lang} />;
}

function Virtual({ rows, lang }: { rows: readonly MatchRowView[]; lang: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => { setMargin(ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0); }, []);
  // TanStack Virtual keeps mutable state between renders (its documented React use); nothing here is memoised around it.
  // oxlint-disable-next-line react/incompatible-library
  const v = useWindowVirtualizer({ count: rows.length, estimateSize: () => ROW_ESTIMATE, overscan: 6, scrollMargin: margin });
  return (
    <div ref={ref} className="match-list" style={{ position: 'relative', height: v.getTotalSize() }}>
      {v.getVirtualItems().map((item) => (
        <div key={rows[item.index]!.id} data-index={item.index} ref={v.measureElement}
          style={{ position: 'absolute', top: 0, insetInlineStart: 0, width: '100%', transform: `translateY(${item.start - v.options.scrollMargin}px)` }}>
          <MatchRow match={rows[item.index]!} lang={lang} />
        </div>
      ))}
    </div>
  );
}
