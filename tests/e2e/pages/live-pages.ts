import type { Locator, Page } from 'playwright-core';

/** LiveBets: sport tabs, controls and the virtualised live rows with their odd buttons. */
export class LiveBetsPage {
  constructor(readonly page: Page) {}
  readonly rows = () => this.page.getByTestId('live-row');
  readonly tabs = () => this.page.getByTestId('live-tab');
  readonly moved = () => this.page.locator('[data-testid=live-row] [data-testid=odd][data-move]');
  readonly search = () => this.page.getByTestId('live-search');
  readonly noResults = () => this.page.getByTestId('noresultmatches');
  async open(lang = 'tr') {
    await this.page.goto(`/${lang}/livebets`);
    await this.rows().first().waitFor({ timeout: 30_000 });
  }
  /** The open (not locked) odd buttons of a row. */
  openOdds(row: Locator): Locator {
    return row.getByTestId('odd').and(this.page.locator(':not([disabled])'));
  }
}

/** Live MatchDetail: the score header and market groups. */
export class LiveDetailPage {
  constructor(readonly page: Page) {}
  readonly header = () => this.page.getByTestId('score-header');
  readonly score = () => this.page.getByTestId('score');
  readonly groups = () => this.page.getByTestId('market-group');
  readonly back = () => this.page.getByTestId('back-live');
}
