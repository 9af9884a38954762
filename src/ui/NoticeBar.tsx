import { useLingui } from '@lingui/react/macro';
import { closeNotice, useUi } from '../state/ui.ts';
import { CloseIcon } from './icons.tsx';
import { useNoticeText } from './notice-text.ts';
import { noticeTitle } from '../../domain/messages.ts';

/** The current notice in a live region, so screen readers hear coupon results and warnings. */
export function NoticeBar() {
  const { notice } = useUi();
  const { t, i18n } = useLingui();
  const text = useNoticeText(notice);
  const title = notice ? noticeTitle(notice, i18n.locale) : '';
  return (
    <div role="status" aria-live="polite">
      {notice && notice.status !== 0 && (
        <div className="notice" data-status={notice.status} data-testid="notice">
          <div style={{ flex: 1 }}>
            {title && <p className="notice-title" data-testid="notice-title"><strong>{title}</strong></p>}
            <p>{text}</p>
            {notice.lines && notice.lines.length > 0 && <ul>{notice.lines.map((l, i) => <li key={i}>{l}</li>)}</ul>}
          </div>
          <button type="button" className="icon-btn" style={{ minWidth: 32, minHeight: 32 }} onClick={closeNotice} aria-label={t`Close`}><CloseIcon width={18} height={18} /></button>
        </div>
      )}
    </div>
  );
}
