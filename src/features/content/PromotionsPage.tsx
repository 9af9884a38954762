import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useLoad } from '../../ui/use-load.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** Promotions: a list; a detail opens with the bonus id in the hash, and back closes it first. */
export function PromotionsPage() {
  const { t } = useLingui();
  const hash = useLocation({ select: (l) => l.hash });
  const navigate = useNavigate();
  const { load, retry } = useLoad(useCallback(() => core.promotions(), []));
  const id = Number(hash) || 0;
  const [loaded, setLoaded] = useState<{ id: number; title: string; content: string } | null>(null);
  useEffect(() => {
    let live = true;
    if (id) void core.promotionDetail(id).then((d) => { if (live && d) setLoaded({ id, ...d }); });
    return () => { live = false; };
  }, [id]);
  // A detail of another id (the one before) is never shown.
  const detail = loaded && loaded.id === id ? loaded : null;
  // The hash is a history entry of its own, so the browser's back closes the detail first.
  const open = (bonusId: number) => void navigate({ to: '.', hash: String(bonusId) });
  return (
    <div className="acc-page">
      <PageHeader title={id && detail ? detail.title : t`Promotions`} />
      {id ? (detail ? <article className="cms" data-testid="promotion-detail" dangerouslySetInnerHTML={{ __html: detail.content }} /> : <div className="skeleton" style={{ height: 200 }} />) : null}
      {!id && load.state === 'loading' && <div className="skeleton" style={{ height: 300 }} />}
      {!id && (load.state === 'error' || (load.state === 'ready' && !load.data)) && <div className="state"><p><Trans>Could not load the promotions.</Trans></p><button type="button" className="btn" onClick={retry}><Trans>Try again</Trans></button></div>}
      {!id && load.state === 'ready' && load.data && (
        <ul className="promo-list" data-testid="promotions">
          {load.data.map((p) => (
            <li key={p.bonusId}>
              <button type="button" onClick={() => open(p.bonusId)}>
                {p.image ? <img src={p.image} alt="" /> : <span className="promo-art" aria-hidden="true">%</span>}
                <strong>{p.title}</strong>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
