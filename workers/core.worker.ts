/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createCoreApi } from './core/api.ts';
import { CoreDb } from './core/cache/db.ts';

// The worker file only wires the core to the browser: fetch, IndexedDB, the clock.
const api = createCoreApi({ fetch: (...a) => fetch(...a), db: new CoreDb(), clock: Date.now, uuid: () => crypto.randomUUID() });
expose(api);

export type { CoreApi } from './core/api.ts';
