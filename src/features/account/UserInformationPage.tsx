import { useCallback } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useLoad } from '../../ui/use-load.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** Read-only user detail (section 2). */
export function UserInformationPage() {
  const { t } = useLingui();
  const { load, retry } = useLoad(useCallback(() => core.userDetail(), []));
  const labels: Record<string, string> = {
    userName: t`Username`, firstName: t`First name`, lastName: t`Last name`, birthDate: t`Birth date`, email: t`E-mail`,
    mobile: t`Mobile`, city: t`City`, address: t`Address`, postCode: t`Post code`, countryname: t`Country`,
  };
  return (
    <div className="acc-page">
      <PageHeader title={t`User information`} />
      {load.state === 'loading' && <div className="skeleton" style={{ height: 320 }} />}
      {(load.state === 'error' || (load.state === 'ready' && !load.data)) && (
        <div className="state"><p><Trans>Could not load your details.</Trans></p><button type="button" className="btn" onClick={retry}><Trans>Try again</Trans></button></div>
      )}
      {load.state === 'ready' && load.data && (
        <dl className="acc-list" data-testid="user-info">
          {load.data.map((r) => <div key={r.key}><dt>{labels[r.key] ?? r.key}</dt><dd>{r.value || '—'}</dd></div>)}
        </dl>
      )}
    </div>
  );
}
