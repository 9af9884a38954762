import { useCallback, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AffiliateBannerView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { showNotice } from '../../state/ui.ts';
import { useLoad } from '../../ui/use-load.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { copyText } from './copy-text.ts';

/** Banners with the code an affiliate copies into their site (section 2); copying says 'code copied'. */
export function AffiliateBannerPage({ lang }: { lang: string }) {
  const { t } = useLingui();
  const { load, retry } = useLoad(useCallback(() => core.affiliateBanners(), []));
  return (
    <div className="acc-page">
      <PageHeader title={t`Banners`} />
      {load.state === 'loading' && <div className="skeleton" style={{ height: 300 }} />}
      {load.state === 'error' && (
        <div className="state"><p><Trans>Could not load the list.</Trans></p><button type="button" className="btn" onClick={retry}><Trans>Try again</Trans></button></div>
      )}
      {load.state === 'ready' && !load.data && (
        <div className="state" data-testid="aff-inactive">
          <h2><Trans>Your affiliate account is not active</Trans></h2>
          <Link to="/$lang/affiliate" params={{ lang }} className="btn"><Trans>Affiliate</Trans></Link>
        </div>
      )}
      {load.state === 'ready' && load.data && (
        <>
          <p className="aff-code"><Trans>Your affiliate code</Trans>: <strong data-testid="aff-code">{load.data.affCode}</strong></p>
          <ul className="aff-banners" data-testid="aff-banners">
            {load.data.banners.map((b) => <BannerItem key={b.id} banner={b} />)}
          </ul>
        </>
      )}
    </div>
  );
}

function BannerItem({ banner }: { banner: AffiliateBannerView }) {
  const { t } = useLingui();
  const ref = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    const ok = await copyText(banner.code, ref.current);
    showNotice(ok ? { status: 1, key: '', text: t`Code copied` } : { status: 2, key: '', text: t`The code could not be copied` });
  };
  return (
    <li>
      <div className="aff-banner-head"><strong>{banner.name}</strong><small>{banner.width} × {banner.height}</small></div>
      <img src={banner.img} width={banner.width} height={banner.height} alt={banner.name} loading="lazy" />
      <textarea ref={ref} className="input" readOnly rows={3} value={banner.code} aria-label={t`Banner code`} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="btn btn-small" onClick={() => void copy()} data-testid="aff-copy"><Trans>Copy code</Trans></button>
    </li>
  );
}
