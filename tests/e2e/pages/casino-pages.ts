import type { FrameLocator, Page } from 'playwright-core';

/** A casino lobby (live casino, slots, virtual, TV games, bingo) and the game opened from it. */
export class CasinoLobby {
  constructor(readonly page: Page) {}
  readonly screen = (product: string) => this.page.getByTestId(`casino-${product}`);
  readonly tabs = () => this.page.getByTestId('casino-tabs').locator('a');
  readonly tiles = () => this.page.getByTestId('game-grid').getByTestId('game-tile');
  readonly tile = (title: string) => this.page.getByTestId('game-grid').getByTestId('game-tile').filter({ hasText: title });
  readonly search = () => this.page.getByTestId('casino-search');
  readonly providers = () => this.page.getByTestId('provider-strip').locator('button');
  readonly jackpots = () => this.page.getByTestId('casino-jackpots');
  readonly winners = () => this.page.getByTestId('winners');
  readonly lastPlayed = () => this.page.getByTestId('last-played').getByTestId('game-tile');
  readonly frame = () => this.page.getByTestId('game-frame');
  readonly close = () => this.page.getByTestId('game-close');
  /** The provider's own page inside the game frame. */
  readonly game = (): FrameLocator => this.page.frameLocator('[data-testid="game-frame"] iframe');
}

/** The demo provider's game page (its own DOM, inside the frame). */
export class DemoGame {
  constructor(readonly frame: FrameLocator) {}
  readonly balance = () => this.frame.locator('#balance');
  readonly message = () => this.frame.locator('#msg');
  readonly spin = () => this.frame.locator('#spin');
  readonly place = () => this.frame.locator('#place');
  readonly phase = () => this.frame.locator('#phase');
  readonly pick = (label: string) => this.frame.locator('#board button', { hasText: label });
}
