import { describe, expect, it } from 'vitest';
import { MESSAGES, message, noticeTitle } from './messages.ts';

// The technical failure is shown titled 'İşlem Sırasında Hata !' (account-platform.md section 8).
describe('noticeTitle', () => {
  it('titles the technical failure, in Turkish verbatim', () => {
    expect(message('technicalTitle', 'tr')).toBe('İşlem Sırasında Hata !');
    expect(noticeTitle({ key: 'technical' }, 'tr')).toBe('İşlem Sırasında Hata !');
    // Screens pass the server's msg with no key: the body alone is enough, in either language.
    expect(noticeTitle({ key: '', text: MESSAGES.technical.tr }, 'tr')).toBe('İşlem Sırasında Hata !');
    expect(noticeTitle({ key: '', text: MESSAGES.technical.en }, 'en')).toBe('Error during the operation!');
    // A language without its own text falls back to Turkish.
    expect(noticeTitle({ key: 'technical' }, 'de')).toBe('İşlem Sırasında Hata !');
  });

  it('leaves other notices untitled', () => {
    expect(noticeTitle({ key: '', text: message('insufficientCredit', 'tr') }, 'tr')).toBe('');
    expect(noticeTitle({ key: 'networkError' }, 'tr')).toBe('');
  });
});
