import type { Page } from 'playwright-core';

/** The Coupons list: filters, cards (expandable), pager, offline banner. */
export class CouponListPage {
  constructor(readonly page: Page) {}
  readonly cards = () => this.page.getByTestId('coupon-card');
  readonly card = (ticketId: number) => this.cards().filter({ hasText: `#${ticketId}` });
  readonly status = () => this.page.getByTestId('filter-status');
  readonly type = () => this.page.getByTestId('filter-type');
  readonly offline = () => this.page.getByTestId('coupons-offline');
  readonly empty = () => this.page.getByTestId('coupons-empty');
  readonly pageInfo = () => this.page.getByTestId('page-info');
  async open(lang = 'tr') {
    await this.page.goto(`/${lang}/coupons`);
    await this.page.getByTestId('coupon-list').waitFor();
  }
}

/** CouponDetail/{id}: summary, actions and match lines. */
export class CouponDetailPageModel {
  constructor(readonly page: Page) {}
  readonly root = () => this.page.getByTestId('coupon-detail');
  readonly status = () => this.page.getByTestId('cd-status');
  readonly number = () => this.page.getByTestId('cd-number');
  readonly lines = () => this.page.getByTestId('coupon-line');
  readonly sell = () => this.page.getByTestId('coupon-sell');
  readonly sellConfirm = () => this.page.getByTestId('coupon-sell-confirm');
  readonly cancel = () => this.page.getByTestId('coupon-cancel');
  readonly cancelYes = () => this.page.getByTestId('coupon-cancel-yes');
  readonly print = () => this.page.getByTestId('coupon-print');
  readonly actionsOffline = () => this.page.getByTestId('actions-offline');
  async open(id: number, lang = 'tr') {
    await this.page.goto(`/${lang}/CouponDetail/${id}`);
    await this.root().waitFor();
  }
}

/** The public share page. */
export class CouponSharePageModel {
  constructor(readonly page: Page) {}
  readonly root = () => this.page.getByTestId('coupon-share-page');
  readonly lines = () => this.page.getByTestId('coupon-line');
}
