import type { Locator, Page } from 'playwright-core';

/** AllSports: sport tabs, search, time filter, the country / league / match tree. */
export class AllSportsPage {
  constructor(readonly page: Page) {}
  readonly countries = () => this.page.getByTestId('country');
  readonly leagues = () => this.page.getByTestId('league');
  readonly rows = () => this.page.getByTestId('match-row');
  readonly search = () => this.page.getByTestId('search');
  readonly searchSummary = () => this.page.getByTestId('search-summary');
  readonly timeFilter = () => this.page.getByTestId('time-filter');
  readonly staleBanner = () => this.page.getByTestId('stale-banner');
  sportTab(id: number): Locator { return this.page.getByTestId(`sport-tab-${id}`); }
  readonly showAll = () => this.page.getByTestId('show-all');
  async open(lang = 'tr', query = '') {
    await this.page.goto(`/${lang}/allsports${query}`);
    await this.treeOrAll();
  }
  /** Waits for the country tree (see orAll). */
  treeOrAll(): Promise<void> { return this.orAll(this.countries().first()); }
  /**
   * Waits for `target`. The time range may have no match left (the demo plays 10:00-23:00 UTC, so
   * late in the Istanbul evening Today is empty): the empty range then offers All, which is taken.
   */
  async orAll(target: Locator): Promise<void> {
    await target.or(this.showAll()).waitFor();
    if (await this.showAll().isVisible()) {
      await this.showAll().click();
      await target.waitFor();
    }
  }
  /** Opens a country by its title (or the first), then its first league; returns the league's rows. */
  async openFirstLeague(country?: string): Promise<Locator> {
    const c = country ? this.countries().filter({ hasText: country }).first() : this.countries().first();
    await c.click();
    const node = this.page.locator('li.tree-node', { has: c });
    const league = node.getByTestId('league').first();
    await league.waitFor();
    const id = await node.locator('li.tree-node').first().getAttribute('id');
    await league.click();
    const rows = this.page.locator(`#${id}`).getByTestId('match-row');
    await rows.first().waitFor();
    return rows;
  }
}

/** MatchDetail: market groups with their odds. */
export class MatchDetailPage {
  constructor(readonly page: Page) {}
  readonly markets = () => this.page.getByTestId('market');
  readonly notFound = () => this.page.getByTestId('match-not-found');
  readonly back = () => this.page.getByTestId('back');
  /** The first open odd of the first market. */
  firstOpenOdd(): Locator { return this.markets().first().getByTestId('odd').and(this.page.locator(':not([disabled])')).first(); }
}

export class ShortCodePage {
  constructor(readonly page: Page) {}
  readonly input = () => this.page.getByTestId('shortcode-input');
  readonly submit = () => this.page.getByTestId('shortcode-submit');
  readonly error = () => this.page.getByTestId('shortcode-error');
}

export class ResultsPageModel {
  constructor(readonly page: Page) {}
  readonly rows = () => this.page.getByTestId('result-row');
  readonly list = () => this.page.getByTestId('results');
}
