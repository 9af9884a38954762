import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '../../ui/format.ts';

/** 'Offline, updated at': the shown history is the kept copy. */
export function OfflineNote({ updatedAt, lang }: { updatedAt: number | null; lang: string }) {
  const when = updatedAt ? formatDateTime(new Date(updatedAt).toISOString(), lang) : '';
  return (
    <div className="banner offline-banner" role="status" data-testid="coupons-offline">
      <p>{when ? <Trans>Offline: showing your coupons as updated at {when}.</Trans> : <Trans>Offline: no saved coupons yet.</Trans>}</p>
    </div>
  );
}
