import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['tr', 'en', 'aa', 'az', 'cw', 'de', 'el', 'es', 'fa', 'fr', 'iq', 'it', 'kr', 'nl', 'pt', 'ru', 'sq'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/src/i18n/locales/{locale}/messages', include: ['src'], exclude: ['<rootDir>/src/features/backoffice/**'] },
    // The back office's words load with the back office: none of them in the player's start.
    { path: '<rootDir>/src/features/backoffice/locales/{locale}/messages', include: ['<rootDir>/src/features/backoffice'] },
  ],
  format: formatter({ lineNumbers: false }),
});
