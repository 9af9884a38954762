import type { Locator, Page, Response } from 'playwright-core';

/** Minor units from a money text of any locale with two decimals ('1.234,56 TL' -> 123456). */
export function minorOf(text: string | null): number {
  return Number((text ?? '').replace(/\D/g, ''));
}

/** Home seen by the betslip tests: open odds of a match row. */
export class SlipHome {
  constructor(readonly page: Page) {}
  readonly rows = () => this.page.getByTestId('match-row');
  async open(lang = 'tr') {
    await this.page.goto(`/${lang}/`);
    await this.rows().first().waitFor();
  }
  /** The open odd buttons of the n-th row. */
  openOdds(row: number): Locator {
    return this.rows().nth(row).getByTestId('odd').and(this.page.locator(':not([disabled])'));
  }
  /** Rows that have at least `n` open odds, by index. */
  async rowsWithOpenOdds(n: number): Promise<number[]> {
    const out: number[] = [];
    const count = await this.rows().count();
    for (let i = 0; i < count; i++) if ((await this.openOdds(i).count()) >= n) out.push(i);
    return out;
  }
  /** Taps an odd and waits until the slip holds it. */
  async pick(odd: Locator) {
    await odd.click();
    await odd.and(this.page.locator('[aria-pressed="true"]')).waitFor();
  }
}

/** The coupon bar above the tab bar, collapsed or expanded. */
export class CouponBarModel {
  constructor(readonly page: Page) {}
  readonly link = () => this.page.getByTestId('coupon-bar');
  readonly toggle = () => this.page.getByTestId('coupon-bar-toggle');
  readonly panel = () => this.page.getByTestId('coupon-bar-panel');
}

/** The full-screen BetSlip page with its popups. */
export class BetSlip {
  constructor(readonly page: Page) {}
  readonly entries = () => this.page.getByTestId('slip-entry');
  readonly stake = () => this.page.getByTestId('stake');
  readonly create = () => this.page.getByTestId('create-coupon');
  readonly couponType = () => this.page.getByTestId('coupon-type');
  readonly combinations = () => this.page.getByTestId('combinations');
  readonly totalStake = () => this.page.getByTestId('total-stake');
  readonly maxPayout = () => this.page.getByTestId('max-payout');
  readonly balance = () => this.page.getByTestId('slip-balance');
  readonly notice = () => this.page.getByTestId('notice');
  readonly deleteAll = () => this.page.getByTestId('delete-all');
  readonly quickStake = (amount: string) => this.page.getByTestId('quick-stake').filter({ hasText: new RegExp(`^${amount}$`) });
  readonly keypadDisplay = () => this.page.getByTestId('keypad-display');
  readonly success = () => this.page.getByTestId('success-panel');
  readonly banko = (i: number) => this.entries().nth(i).getByTestId('banko');

  async open(lang = 'tr') {
    await this.page.goto(`/${lang}/betslip`);
    await this.page.locator('.slip-page').waitFor();
  }
  async openKeypad() {
    await this.page.getByTestId('custom-stake').click();
    await this.keypadDisplay().waitFor();
  }
  /** Presses keypad keys by their data-key ('back' for backspace). */
  async press(...keys: string[]) {
    for (const k of keys) await this.page.locator(`.keypad-key[data-key="${k}"]`).click();
  }
  async keypadText(): Promise<string> {
    return (await this.page.locator('.keypad-text').textContent()) ?? '';
  }
  async chooseSystem(size: number) {
    await this.page.getByTestId('system-open').click();
    await this.page.getByTestId('system-options').waitFor();
    await this.page.locator(`[data-testid="system-option"][data-size="${size}"]`).click();
    await this.page.locator(`[data-testid="system-option"][data-size="${size}"][aria-pressed="true"]`).waitFor();
  }
  /** Presses create and returns the server's createCoupon reply. */
  async place(): Promise<{ status: boolean; ticketId: number; totalStake: number; maxPayout: number; couponType: number; msg: string }> {
    const reply: Promise<Response> = this.page.waitForResponse((r) => r.url().endsWith('/api/createCoupon'), { timeout: 30_000 });
    await this.create().click();
    return (await (await reply).json()) as never;
  }
}
