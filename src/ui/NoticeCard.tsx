import { useLingui } from '@lingui/react/macro';
import type { Snapshot } from 'valtio';
import type { Notice } from '../../workers/core/events.ts';
import { closeNotice } from '../state/ui.ts';
import { CloseIcon } from './icons.tsx';
import { useNoticeText } from './notice-text.ts';
import { isTechnicalNotice } from '../../domain/notice-title.ts';
import { useServerTexts } from '../i18n/server-messages.ts';

/**
 * One notice: its title, text and lines, and a close button. A lazy chunk of its own (NoticeBar):
 * the titles come from the server's message table of the language (a lazy chunk per language).
 */
export default function NoticeCard({ notice }: { notice: Snapshot<Notice> }) {
  const { t, i18n } = useLingui();
  const text = useNoticeText(notice);
  const texts = useServerTexts(i18n.locale);
  // The server answers in the player's language (English for a text it lacks): its technical body gets the title.
  const title = isTechnicalNotice(notice, texts) ? (texts[0]?.technicalTitle ?? texts[1]?.technicalTitle ?? '') : '';
  return (
    <div className="notice" data-status={notice.status} data-testid="notice">
      <div style={{ flex: 1 }}>
        {title && <p className="notice-title" data-testid="notice-title"><strong>{title}</strong></p>}
        <p>{text}</p>
        {notice.lines && notice.lines.length > 0 && <ul>{notice.lines.map((l, i) => <li key={i}>{l}</li>)}</ul>}
      </div>
      <button type="button" className="icon-btn" style={{ minWidth: 32, minHeight: 32 }} onClick={closeNotice} aria-label={t`Close`}><CloseIcon width={18} height={18} /></button>
    </div>
  );
}
