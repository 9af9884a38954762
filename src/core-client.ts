import { proxy, wrap, type Remote } from 'comlink';
import type { CoreApi } from '../workers/core.worker.ts';
import type { CoreEvent } from '../workers/core/events.ts';

/** The one place that wraps the worker: the UI talks to the core only through this. */
export const core: Remote<CoreApi> = wrap<CoreApi>(
  new Worker(new URL('../workers/core.worker.ts', import.meta.url), { type: 'module', name: 'core' }),
);

/** Subscribes the UI stores to the worker's pushes (called once at start). */
export function subscribeCore(listener: (e: CoreEvent) => void): Promise<void> {
  return core.subscribe(proxy(listener));
}
