import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** The others menu (page 9, Contact, page 10) and the support menu (page 6, page 5, Contact). */
export function MenuPage({ lang, kind }: { lang: string; kind: 'others' | 'support' }) {
  const { t } = useLingui();
  const page = (id: string, label: string) => <Link key={id} to="/$lang/page/$id" params={{ lang, id }}>{label}</Link>;
  const contact = <Link key="contact" to="/$lang/contact" params={{ lang }}><Trans>Contact</Trans></Link>;
  return (
    <div className="acc-page">
      <PageHeader title={kind === 'others' ? t`Others` : t`Support`} />
      <nav className="acc-menu">
        {kind === 'others'
          ? [page('9', t`Terms and conditions`), contact, page('10', t`Responsible gaming`)]
          : [page('6', t`Help / FAQ`), page('5', t`Bets dictionary`), contact]}
      </nav>
    </div>
  );
}
