import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { PopupView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useContentRev } from '../../state/site.ts';

const ROTATE_MS = 10_000;
const MIN_SHOWN_MS = 30_000;

/** Push popups (section 9): types 0 and 2 (chosen by the worker), rotating every 10 s; closable. */
export function PushPopups({ onHome }: { onHome: boolean }) {
  const { t } = useLingui();
  const [list, setList] = useState<PopupView[]>([]);
  const [i, setI] = useState(0);
  const [closed, setClosed] = useState(() => sessionStorage.getItem('popupsClosed') === '1');
  const rev = useContentRev();
  // rev: pop-ups edited in the back office are asked for again (the worker dropped its copy).
  // oxlint-disable-next-line react/exhaustive-effect-dependencies
  useEffect(() => { if (!closed) void core.popups(onHome).then(setList); }, [onHome, closed, rev]);
  useEffect(() => {
    if (list.length < 2) return;
    const h = setInterval(() => setI((x) => (x + 1) % list.length), ROTATE_MS);
    return () => clearInterval(h);
  }, [list]);
  // Shown once a session: the worker leaves them out of the next pages' lists.
  useEffect(() => { if (list.length) void core.popupsShown(list.map((x) => x.id)); }, [list]);
  // The first popup's autoClose (seconds) closes them all; without one, they close after one round
  // (each shown once, half a minute at least), never staying over the odds.
  useEffect(() => {
    if (!list.length) return;
    const auto = list[0]?.autoClose ?? 0;
    const h = setTimeout(() => setClosed(true), auto > 0 ? auto * 1000 : Math.max(MIN_SHOWN_MS, list.length * ROTATE_MS));
    return () => clearTimeout(h);
  }, [list]);
  const p = list[i % Math.max(1, list.length)];
  if (closed || !p) return null;
  const close = () => { sessionStorage.setItem('popupsClosed', '1'); setClosed(true); };
  return (
    // An aside, not a dialog: it does not take focus nor block the page under it.
    <aside className="push-popup" aria-label={p.title} data-testid="push-popup">
      <div className="push-popup-head"><strong>{p.title}</strong><button type="button" className="icon-btn" aria-label={t`Close`} onClick={close}>✕</button></div>
      <div className="cms" dangerouslySetInnerHTML={{ __html: p.content }} />
    </aside>
  );
}
