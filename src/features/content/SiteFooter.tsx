import { useCallback } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useLoad } from '../../ui/use-load.ts';

/** Footer from the site settings: social links, payment logos, TV link, copyright link; menus to pages. */
export function SiteFooter({ lang }: { lang: string }) {
  const { load } = useLoad(useCallback(() => core.siteView(), []));
  const site = load.state === 'ready' ? load.data : null;
  return (
    <footer className="site-footer">
      <nav className="site-footer-links">
        <Link to="/$lang/page/$id" params={{ lang, id: '7' }}><Trans>About us</Trans></Link>
        <Link to="/$lang/page/$id" params={{ lang, id: '9' }}><Trans>Terms and conditions</Trans></Link>
        <Link to="/$lang/page/$id" params={{ lang, id: '8' }}><Trans>Privacy and KYC</Trans></Link>
        <Link to="/$lang/page/$id" params={{ lang, id: '10' }}><Trans>Responsible gaming</Trans></Link>
        <Link to="/$lang/protection" params={{ lang }} data-testid="footer-protection"><Trans>Limits and self-exclusion</Trans></Link>
        <Link to="/$lang/page/$id" params={{ lang, id: '15' }}><Trans>Anti-money laundering</Trans></Link>
        <Link to="/$lang/promotions" params={{ lang }}><Trans>Promotions</Trans></Link>
        <Link to="/$lang/support" params={{ lang }}><Trans>Support</Trans></Link>
        <Link to="/$lang/others" params={{ lang }}><Trans>Others</Trans></Link>
        <Link to="/$lang/languages" params={{ lang }}><Trans>Languages</Trans></Link>
      </nav>
      {site && site.social.length > 0 && <p className="site-footer-social">{site.social.map((s) => <a key={s.name} href={s.url} rel="noopener noreferrer" target="_blank">{s.name}</a>)}</p>}
      {site?.tvLink && <p><a href={site.tvLink} rel="noopener noreferrer" target="_blank"><Trans>TV</Trans></a></p>}
      <p className="site-footer-copy">
        {site?.copyrightLink ? <a href={site.copyrightLink} rel="noopener noreferrer" target="_blank">© BetPWA</a> : '© BetPWA'} · 18+
        {site?.footerText ? <> · {site.footerText}</> : null}
      </p>
    </footer>
  );
}
