import { Dexie, type Table } from 'dexie';
import type { SlipEntry } from '../betslip/slip-state.ts';

export interface KvRow { key: string; value: unknown }
export interface ReplyRow { key: string; at: number; reply: unknown }

/** The worker's IndexedDB (the only writer): the slip, small settings, and replies kept for offline reading. */
export class CoreDb extends Dexie {
  slip!: Table<SlipEntry, string>;
  kv!: Table<KvRow, string>;
  replies!: Table<ReplyRow, string>;

  constructor(name = 'betting-core') {
    super(name);
    this.version(1).stores({ slip: 'key', kv: 'key', replies: 'key, at' });
  }
}
