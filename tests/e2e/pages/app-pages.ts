import type { Locator, Page } from 'playwright-core';

/** Home: the sport header and match rows with their odd buttons. */
export class HomePage {
  constructor(readonly page: Page) {}
  readonly rows = () => this.page.getByTestId('match-row');
  async open(lang = 'tr') {
    await this.page.goto(`/${lang}/`);
    await this.rows().first().waitFor();
  }
  /** The first open odd of the first row, and the row's accessible name (the teams). */
  async firstOpenOdd(): Promise<{ odd: Locator; teams: string }> {
    const row = this.rows().first();
    return { odd: row.getByTestId('odd').and(this.page.locator(':not([disabled])')).first(), teams: (await row.getAttribute('aria-label')) ?? '' };
  }
  readonly couponBar = () => this.page.getByTestId('coupon-bar');
}

/** The full-screen slip. */
export class SlipPage {
  constructor(readonly page: Page) {}
  readonly entries = () => this.page.getByTestId('slip-entry');
  readonly stake = () => this.page.getByTestId('stake');
  readonly create = () => this.page.getByTestId('create-coupon');
  readonly notice = () => this.page.getByTestId('notice');
  /**
   * Live odds keep moving: a slip whose potential payout passed the player's max payout cannot be
   * created (its button is disabled, as the rules say). Drops open picks, last first, keeping at
   * least one and every locked one, until the create button is enabled.
   */
  async keepCreatable() {
    // a coupon still being sent keeps the button busy (and disabled): let it finish first
    const busy = async () => (await this.create().getAttribute('aria-busy', { timeout: 1000 }).catch(() => null)) === 'true';
    for (let i = 0; i < 150 && (await busy()); i++) await this.page.waitForTimeout(200);
    for (let i = 0; i < 10 && (await this.create().isDisabled({ timeout: 1000 }).catch(() => false)); i++) {
      const open = this.page.locator('[data-testid=slip-entry]:not([data-locked=true])');
      if ((await this.entries().count()) <= 1 || !(await open.count())) return;
      await open.last().locator('button.icon-btn').last().click();
      await this.page.waitForTimeout(200);
    }
  }
}

/** The login popup (a dialog). */
export class LoginPopup {
  constructor(readonly page: Page) {}
  readonly dialog = () => this.page.getByRole('dialog');
  async logIn(user: string, password: string) {
    await this.dialog().locator('#login-user').fill(user);
    await this.dialog().locator('#login-pass').fill(password);
    await this.page.getByTestId('login-submit').click();
    await this.dialog().waitFor({ state: 'detached' });
  }
}

export class CouponsPage {
  constructor(readonly page: Page) {}
  readonly cards = () => this.page.getByTestId('coupon-card');
}
