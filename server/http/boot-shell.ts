/**
 * The boot shell of a page: index.html's still picture of the app, painted before any
 * script, made to the page asked for. Its tab bar reads in the page's language with the page's tab
 * lit (index.html's words are Turkish), and AllSports, LiveBets and a MatchDetail show their own
 * top (the pre-match banner, the search box, the match's names) rather than Home's skeleton, so
 * those pages' largest paint comes with the HTML, as Home's banner does.
 *
 * The words come from the player's catalogs: the build writes the translations of BOOT_SHELL_TEXTS
 * into .vite/shell-texts.json (vite.config.ts). Without that file (a test's fixture, `vite dev`)
 * the HTML is left as it is.
 */
import { esc } from '../content/escape.ts';

/** The English source texts of the boot shell, as in src/i18n/locales/{lang}/messages.po. */
export const BOOT_SHELL_TEXTS = ['Home', 'Live', 'Sports', 'Coupons', 'Account', 'Pre-match betting', 'Search team or league'] as const;
type ShellText = (typeof BOOT_SHELL_TEXTS)[number];

/** A language's translations of the boot shell's texts (shell-texts.json: language -> source -> translation). */
export type ShellTexts = Partial<Record<string, string>>;

/**
 * The tab bar of index.html, in order, and the pages each lights (the first segment after the
 * language): the pages its links go to, as src/ui/TabBar.tsx lights them.
 */
const TABS: ReadonlyArray<{ text: ShellText; pages: readonly string[] }> = [
  { text: 'Home', pages: [''] },
  { text: 'Live', pages: ['livebets'] },
  { text: 'Sports', pages: ['allsports'] },
  { text: 'Coupons', pages: ['coupons'] },
  { text: 'Account', pages: ['myAccount', 'firstlogin'] },
];

// The search box as the pages draw it, read-only here (the boot shell takes no input).
const search = (t: (s: ShellText) => string): string =>
  `<div class="list-controls"><div class="search-box"><input class="input" type="search" readonly tabindex="-1" placeholder="${esc(t('Search team or league'))}"></div></div>`;

/**
 * The top of the pages that have one of their own, in place of Home's (`<!--boot-page-->` …
 * `<!--/boot-page-->`); `rows` is the skeleton of match rows that ends Home's there.
 */
const PAGES: Readonly<Record<string, (t: (s: ShellText) => string, rows: string) => string>> = {
  allsports: (t, rows) => `<div class="promo-banner"><span>${esc(t('Pre-match betting'))}</span></div>`
    + `<div class="sport-tabs">${'<div class="skeleton" style="min-width:96px;height:44px"></div>'.repeat(4)}</div>${search(t)}${rows}`,
  livebets: (t, rows) => `<div class="sport-header">${'<div class="sport-chip skeleton"></div>'.repeat(5)}</div>${search(t)}${rows}`,
};

/** A match's names in the page's language, for the top of its MatchDetail (pre-match). */
export interface BootMatch { home: string; away: string; categoryName: string; tournamentName: string }

/** MatchDetail's top as the page draws it: the caption, the header with the names, the kick-off time still to come. */
export function matchTop(m: BootMatch): (rows: string) => string {
  return (rows) => `<div class="caption"><span class="boot-menu"></span><h1 class="caption-title">${esc(`${m.home} - ${m.away}`)}</h1></div>`
    + `<header class="match-header"><div class="match-header-meta">${esc(`${m.categoryName} · ${m.tournamentName}`)}</div>`
    + `<div class="match-header-teams"><span class="team">${esc(m.home)}</span><span class="skeleton" style="width:104px;height:14px"></span><span class="team">${esc(m.away)}</span></div></header>${rows}`;
}

/**
 * `text` (index.html) with the boot shell of the page at `segments` (the path after the language)
 * in language `texts`, `top` that page's top when the caller drew it from data; `ownTop` when it
 * drew that page's own top (its largest paint then comes with the HTML).
 */
export function bootShellFor(text: string, segments: readonly string[], texts: ShellTexts | undefined, top?: (rows: string) => string): { text: string; ownTop: boolean } {
  if (!texts) return { text, ownTop: false };
  const t = (s: ShellText): string => texts[s] || s;
  const page = segments[0] ?? '';
  let i = 0;
  const tabs = text.replace(/<span class="tab"(?: data-status="active")?>(<svg[\s\S]*?<\/svg>)[^<]*<\/span>/g, (whole, svg: string) => {
    const tab = TABS[i++];
    if (!tab) return whole;
    return `<span class="tab"${tab.pages.includes(page) ? ' data-status="active"' : ''}>${svg}${esc(t(tab.text))}</span>`;
  });
  const own = PAGES[page];
  const draw = top ?? (own ? (rows: string) => own(t, rows) : undefined);
  const home = /<!--boot-page-->[\s\S]*?(<div class="match-list">[\s\S]*)<!--\/boot-page-->/.exec(tabs);
  return draw && home ? { text: tabs.replace(home[0], draw(home[1]!)), ownTop: true } : { text: tabs, ownTop: false };
}
