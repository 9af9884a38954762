import type { Page } from 'playwright-core';

/** The Login page (firstlogin). */
export class LoginPageModel {
  constructor(readonly page: Page) {}
  readonly submit = () => this.page.getByTestId('login-submit');
  readonly error = () => this.page.getByTestId('login-error');
  async fill(user: string, password: string) {
    await this.page.locator('#login-user').fill(user);
    await this.page.locator('#login-pass').fill(password);
  }
}

/** The account hub, the top bar's money and the account menu. */
export class AccountHub {
  constructor(readonly page: Page) {}
  readonly hub = () => this.page.getByTestId('account-hub');
  readonly credit = () => this.page.getByTestId('hub-credit');
  readonly balance = () => this.page.getByTestId('balance');
  readonly depositButton = () => this.page.getByTestId('deposit-button');
  readonly menuButton = () => this.page.getByTestId('account-menu-button');
  readonly menu = () => this.page.getByTestId('account-menu');
  readonly logout = () => this.page.getByTestId('logout');
}

/** Deposit and withdraw: categories, methods, the form, banks and amounts. */
export class TransferPageModel {
  constructor(readonly page: Page) {}
  readonly categories = () => this.page.getByTestId('pay-categories').getByRole('button');
  readonly methods = () => this.page.getByTestId('pay-methods').getByRole('button');
  readonly form = () => this.page.getByTestId('pay-form');
  readonly submit = () => this.page.getByTestId('pay-submit');
  readonly back = () => this.page.locator('.acc-back');
  readonly field = (name: string) => this.page.locator(`#pay-${name}`);
  readonly notice = () => this.page.getByTestId('notice');
}
