import { core } from '../../core-client.ts';
import { effectiveZone } from '../../ui/format.ts';
import { openReceipt } from '../../ui/print.ts';

/** Prints a kiosk's ticket; when the receipt fails the worker cancels the coupon (betting-core.md section 4). */
export async function printTicket(id: number): Promise<'printed' | 'cancelled' | 'failed'> {
  const outcome = await openReceipt(await core.printCouponPath(id, effectiveZone()), `print-${id}`);
  if (outcome === 'printing' || outcome === 'closed') return 'printed';
  return (await core.printFailed(id)).cancelled ? 'cancelled' : 'failed';
}

/** Prints a voucher this kiosk issued (its page prints itself 1 s after load). */
export function printVoucher(lang: string, code: string): Promise<unknown> {
  return openReceipt(`/ekol/retail/voucher/${lang}/${code}?timezone=${encodeURIComponent(effectiveZone())}`, `voucher-${code}`);
}

/** Prints this kiosk's day-close (Z) report of a day (its page prints itself 1 s after load). */
export function printZReport(lang: string, day: string): Promise<unknown> {
  return openReceipt(`/ekol/retail/z/${lang}/${day}?timezone=${encodeURIComponent(effectiveZone())}`, `z-${day}`);
}
