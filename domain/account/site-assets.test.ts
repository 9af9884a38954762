import { describe, expect, it } from 'vitest';
import { siteAssetPath } from './site-assets.ts';

describe('injected site files', () => {
  it('accepts only same-origin files directly under /site/ with the extension', () => {
    expect(siteAssetPath('/site/mobile.css', 'css')).toBe('/site/mobile.css');
    expect(siteAssetPath('/site/general-v2.js', 'js')).toBe('/site/general-v2.js');
    for (const bad of ['https://evil.example/x.js', '//evil.example/x.js', '/site/../server/main.js', '/site/a/b.js', '/site/.hidden.js', '/site/x.css', 'javascript:alert(1)', '/x.js', '', 42, null]) {
      expect(siteAssetPath(bad, 'js'), String(bad)).toBe('');
    }
    expect(siteAssetPath('/site/mobile.css', 'js')).toBe('');
  });
});
