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
