import { describe, expect, it } from 'vitest';
import { MESSAGES, message, noticeTitle } from './messages.ts';

// The technical failure is shown titled 'İşlem Sırasında Hata !' (account-platform.md section 8).
describe('noticeTitle', () => {
  it('titles the technical failure, in Turkish verbatim', () => {
    expect(message('technicalTitle', 'tr')).toBe('İşlem Sırasında Hata !');
    expect(noticeTitle({ key: 'technical' }, 'tr')).toBe('İşlem Sırasında Hata !');
    // Screens pass the server's msg with no key: the body alone is enough, in either language.
    expect(noticeTitle({ key: '', text: MESSAGES.tr!.technical! }, 'tr')).toBe('İşlem Sırasında Hata !');
    expect(noticeTitle({ key: '', text: MESSAGES.en!.technical! }, 'en')).toBe('Error during the operation!');
    // Each language titles it in its own words; a code the server does not know gets English.
    expect(noticeTitle({ key: 'technical' }, 'de')).toBe(message('technicalTitle', 'de'));
    expect(noticeTitle({ key: 'technical' }, 'xx')).toBe('Error during the operation!');
    // No language given: the site's default, Turkish.
    expect(message('technicalTitle', undefined)).toBe('İşlem Sırasında Hata !');
  });

  it('leaves other notices untitled', () => {
    expect(noticeTitle({ key: '', text: message('insufficientCredit', 'tr') }, 'tr')).toBe('');
    expect(noticeTitle({ key: 'networkError' }, 'tr')).toBe('');
  });
});
