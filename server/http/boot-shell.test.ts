import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bootShellFor, matchTop, type ShellTexts } from './boot-shell.ts';

// The boot shell as index.html has it (the source file: the build keeps its markup and markers).
const INDEX = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const DE: ShellTexts = { Home: 'Start', Live: 'Live', Sports: 'Sport', Coupons: 'Wetten', Account: 'Konto', 'Pre-match betting': 'Sportwetten vor dem Spiel', 'Search team or league': 'Team oder Liga suchen' };

const tabs = (html: string): string[] => [...html.matchAll(/<span class="tab"( data-status="active")?><svg[\s\S]*?<\/svg>([^<]*)<\/span>/g)].map((m) => `${m[2]}${m[1] ? '*' : ''}`);

describe('boot shell of a page', () => {
  it('reads the tab bar in the page\'s language with the page\'s tab lit', () => {
    expect(tabs(INDEX)).toEqual(['Ana Sayfa*', 'Canlı', 'Spor', 'Kuponlarım', 'Hesabım']);
    expect(tabs(bootShellFor(INDEX, [], DE).text)).toEqual(['Start*', 'Live', 'Sport', 'Wetten', 'Konto']);
    expect(tabs(bootShellFor(INDEX, ['coupons'], DE).text)).toEqual(['Start', 'Live', 'Sport', 'Wetten*', 'Konto']);
    expect(tabs(bootShellFor(INDEX, ['matchdetail', '85'], DE).text)).toEqual(['Start', 'Live', 'Sport', 'Wetten', 'Konto']);
  });

  it('draws the top of AllSports and LiveBets, in the language, in place of Home\'s', () => {
    const all = bootShellFor(INDEX, ['allsports'], DE);
    expect(all.ownTop).toBe(true);
    expect(all.text).toContain('<div class="promo-banner"><span>Sportwetten vor dem Spiel</span></div>');
    expect(all.text).toContain('placeholder="Team oder Liga suchen"');
    expect(all.text).not.toContain('<!--lcp-banner-->');
    const live = bootShellFor(INDEX, ['livebets'], DE);
    expect(live.ownTop).toBe(true);
    expect(live.text).toContain('placeholder="Team oder Liga suchen"');
    expect(live.text).not.toContain('promo-banner');
  });

  it('keeps Home\'s skeleton and its banner slot elsewhere, and the HTML as it is without the words', () => {
    const home = bootShellFor(INDEX, [], DE);
    expect(home.ownTop).toBe(false);
    expect(home.text).toContain('<!--lcp-banner-->');
    expect(bootShellFor(INDEX, ['coupons'], DE).text).toContain('<!--lcp-banner-->');
    expect(bootShellFor(INDEX, ['allsports'], undefined)).toEqual({ text: INDEX, ownTop: false });
  });

  it('draws a match\'s caption and header from its names when the caller read them', () => {
    const match = bootShellFor(INDEX, ['matchdetail', '85'], DE, matchTop({ home: 'Roma', away: 'Lyon & Co', categoryName: 'Europa', tournamentName: 'Europa League' }));
    expect(match.ownTop).toBe(true);
    expect(match.text).toContain('<h1 class="caption-title">Roma - Lyon &amp; Co</h1>');
    expect(match.text).toContain('<div class="match-header-meta">Europa · Europa League</div>');
    expect(match.text).toContain('<div class="match-list">');
  });

  it('escapes a translation', () => {
    const text = bootShellFor(INDEX, ['allsports'], { ...DE, 'Pre-match betting': '<b>"x" & y</b>' }).text;
    expect(text).toContain('<span>&lt;b&gt;&quot;x&quot; &amp; y&lt;/b&gt;</span>');
  });
});
