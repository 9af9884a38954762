import { proxy, useSnapshot } from 'valtio';
import type { SlipView } from '../../workers/core/events.ts';

/** The slip as last pushed by the worker (the worker computes every figure). */
export const slipStore = proxy<{ view: SlipView | null; keys: Set<string> }>({ view: null, keys: new Set() });

export function setSlipView(view: SlipView): void {
  slipStore.view = view;
  slipStore.keys = new Set(view.entries.map((e) => e.key));
}

export const useSlip = () => useSnapshot(slipStore);
