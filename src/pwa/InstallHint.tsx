import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CloseIcon } from '../ui/icons.tsx';

const KEY = 'installHintDismissed';

/** iPhone Safari has no install prompt: a hint explains Share > Add to Home Screen, until dismissed. */
export function InstallHint() {
  const { t } = useLingui();
  const [hidden, setHidden] = useState(() => {
    const ios = /iphone|ipad|ipod/i.test(navigator.userAgent);
    const standalone = matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
    return !ios || standalone || localStorage.getItem(KEY) === '1';
  });
  if (hidden) return null;
  return (
    <div className="banner" role="note" data-testid="install-hint">
      <p><Trans>Install the app: tap Share, then "Add to Home Screen".</Trans></p>
      <button type="button" className="icon-btn" aria-label={t`Close`} onClick={() => { localStorage.setItem(KEY, '1'); setHidden(true); }}><CloseIcon width={18} height={18} /></button>
    </div>
  );
}
