/**
 * The player's odds format: decimal, fractional or American, chosen in Settings and
 * remembered on the device. The worker formats every odd it sends (lists, detail, slip, coupons)
 * in it; receipts stay decimal.
 */
import { proxy, useSnapshot } from 'valtio';
import { core } from '../../core-client.ts';
import { isOddsStyle, type OddsStyle } from '../../../domain/odds/odds-style-names.ts';

const KEY = 'oddsFormat';

const stored = (): OddsStyle => {
  try {
    const s = localStorage.getItem(KEY);
    return isOddsStyle(s) ? s : 'decimal';
  } catch { return 'decimal'; }
};

export const oddsStyleStore = proxy({ style: stored() });

/** Tells the worker the remembered format at start. */
export function loadOddsStyle(): void {
  if (oddsStyleStore.style !== 'decimal') void core.setOddsStyle(oddsStyleStore.style);
}

/** The player's choice from Settings: remembered, and the worker re-texts what it shows. */
export function chooseOddsStyle(style: OddsStyle): void {
  oddsStyleStore.style = style;
  try { localStorage.setItem(KEY, style); } catch { /* private mode: for this visit only */ }
  void core.setOddsStyle(style);
}

export const useOddsStyle = () => useSnapshot(oddsStyleStore).style;
