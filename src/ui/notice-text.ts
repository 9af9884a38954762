import { useLingui } from '@lingui/react/macro';
import type { Notice } from '../../workers/core/events.ts';

/** The player's-language text of a notice key; a server message is shown as it came. */
export function useNoticeText(n: Pick<Notice, 'key' | 'text'> & { readonly args?: Readonly<Record<string, string | number>> | undefined } | null): string {
  const { t } = useLingui();
  if (!n) return '';
  const max = n.args?.max ?? '';
  switch (n.key) {
    case 'thereAreLockedMatches': return t`There are locked matches, please check.`;
    case 'pleaseWaitCouponCreation': return t`Please wait, the coupon is being created.`;
    case 'pleaseWait': return t`Please wait.`;
    case 'maxSelections': return t`The slip holds at most ${max} selections.`;
    case 'multipleMaximum': return t`No more selections can be added from this match.`;
    case 'alreadyOnSlip': return t`This selection is already on the slip.`;
    case 'notSelectable': return t`No selection is possible on this odd right now.`;
    case 'wrongCouponType': return t`Choose the coupon types for your selections.`;
    case 'choosetypesError': { const count = n.args?.count ?? ''; return t`A system takes one selection per match: clear the system to add this one (${count} selections on the slip).`; }
    case 'noSelectSoTips': return t`No selection is possible on this odd right now.`;
    case 'minOdds': { const amount = n.args?.amount ?? ''; return t`min limit: ${amount}`; }
    case 'maxOdds': { const amount = n.args?.amount ?? ''; return t`max limit: ${amount}`; }
    case 'liveMatchRemoved': { const match = n.args?.match ?? ''; return t`${match} is over and was removed from the slip`; }
    case 'linkCopied': return t`The coupon link is copied.`;
    case 'networkError': return t`Could not reach the server. Check your connection and try again.`;
    default: return n.text ?? '';
  }
}
