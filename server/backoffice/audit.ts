/**
 * The append-only audit log of every back-office action (who, role, what, object, before, after,
 * address, time). Each row carries the sha256 of the previous row's hash and its own content, so
 * an edited or deleted row breaks the chain at that row; checkAuditChain names the first such row.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

export interface AuditEntry {
  actorId: number | null;
  role: string;
  action: string;
  objectType: string;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
  address: string;
  at: number;
}

// Every audited transaction takes this lock just before its row, so rows chain in commit order.
const AUDIT_LOCK = 724012;
const GENESIS = '0'.repeat(64);

/** JSON with sorted keys: jsonb does not keep key order, the hash must not depend on it. */
export function canonical(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v instanceof Date) return JSON.stringify(v.toISOString());
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

function rowHash(prev: string, r: { actorId: number | null; role: string; action: string; objectType: string; objectId: string; before: unknown; after: unknown; address: string; at: string }): string {
  const body = canonical([r.actorId, r.role, r.action, r.objectType, r.objectId, r.before ?? null, r.after ?? null, r.address, r.at]);
  return createHash('sha256').update(`${prev}|${body}`).digest('hex');
}

/** Appends one audit row in the caller's transaction (the action and its row commit together). */
export async function writeAudit(q: Queryable, e: AuditEntry): Promise<void> {
  await q.query('select pg_advisory_xact_lock($1)', [AUDIT_LOCK]);
  const [last] = await q.query<{ hash: string }>('select hash from audit_log order by id desc limit 1');
  const prev = last?.hash ?? GENESIS;
  const at = new Date(e.at).toISOString();
  // Round-trip through JSON so the hashed value is what jsonb gives back (no undefined, no Date objects).
  const before = e.before === undefined ? null : JSON.parse(JSON.stringify(e.before));
  const after = e.after === undefined ? null : JSON.parse(JSON.stringify(e.after));
  const row = { actorId: e.actorId, role: e.role, action: e.action, objectType: e.objectType, objectId: String(e.objectId), before, after, address: e.address, at };
  await q.query(
    `insert into audit_log (actor_id, role, action, object_type, object_id, before, after, address, created_at, prev_hash, hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [row.actorId, row.role, row.action, row.objectType, row.objectId, before === null ? null : JSON.stringify(before), after === null ? null : JSON.stringify(after), row.address, at, prev, rowHash(prev, row)],
  );
}

interface AuditDbRow {
  id: number; actor_id: number | null; role: string; action: string; object_type: string; object_id: string;
  before: unknown; after: unknown; address: string; created_at: Date; prev_hash: string; hash: string;
}

/** Walks the whole chain in id order, a page at a time; brokenId is the first row that does not match. */
export async function checkAuditChain(q: Queryable): Promise<{ ok: boolean; checked: number; brokenId: number | null }> {
  let prev = GENESIS;
  let after = 0;
  let checked = 0;
  for (;;) {
    const rows = await q.query<AuditDbRow>('select * from audit_log where id > $1 order by id limit 1000', [after]);
    if (!rows.length) return { ok: true, checked, brokenId: null };
    for (const r of rows) {
      const expect = rowHash(prev, {
        actorId: r.actor_id, role: r.role, action: r.action, objectType: r.object_type, objectId: r.object_id,
        before: r.before, after: r.after, address: r.address, at: new Date(r.created_at).toISOString(),
      });
      if (r.prev_hash !== prev || r.hash !== expect) return { ok: false, checked, brokenId: Number(r.id) };
      prev = r.hash;
      checked++;
      after = Number(r.id);
    }
  }
}

/** The daily chain check of server/main.ts: logs a broken chain loudly (the operator's alert). */
export function scheduleAuditCheck(q: Queryable, log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void }, everyMs = 24 * 3600_000): () => void {
  const run = async () => {
    try {
      const r = await checkAuditChain(q);
      if (r.ok) log.info({ checked: r.checked }, 'audit chain ok');
      else log.error({ brokenId: r.brokenId, checked: r.checked }, 'AUDIT CHAIN BROKEN');
    } catch (err) {
      log.error({ err }, 'audit chain check failed');
    }
  };
  const t = setInterval(() => void run(), everyMs);
  t.unref();
  return () => clearInterval(t);
}

/** A page of the audit log, newest first, filtered. */
export async function auditList(q: Queryable, p: { order: number; limit: number; actorId?: number | undefined; action?: string | undefined; objectType?: string | undefined; from?: string | undefined; to?: string | undefined }) {
  const args: unknown[] = [];
  const where = ['true'];
  if (p.actorId) { args.push(p.actorId); where.push(`a.actor_id = $${args.length}`); }
  if (p.action) { args.push(p.action); where.push(`a.action = $${args.length}`); }
  if (p.objectType) { args.push(p.objectType); where.push(`a.object_type = $${args.length}`); }
  if (p.from) { args.push(p.from); where.push(`a.created_at >= $${args.length}::date`); }
  if (p.to) { args.push(p.to); where.push(`a.created_at < $${args.length}::date + 1`); }
  const fromWhere = `from audit_log a left join users u on u.id = a.actor_id where ${where.join(' and ')}`;
  const [n] = await q.query<{ n: number }>(`select count(*)::int as n ${fromWhere}`, args);
  const rows = await q.query<AuditDbRow & { username: string | null }>(`select a.*, u.username ${fromWhere} order by a.id desc limit ${p.limit} offset ${p.order * p.limit}`, args);
  return {
    status: true as const, totalCount: n?.n ?? 0,
    results: rows.map((r) => ({
      id: Number(r.id), actorId: r.actor_id, actorName: r.username ?? '', role: r.role, action: r.action, objectType: r.object_type, objectId: r.object_id,
      before: r.before, after: r.after, address: r.address, createdAt: new Date(r.created_at).toISOString(), hash: r.hash,
    })),
  };
}

/** A page of the IP log of logins, newest first. */
export async function ipLogList(q: Queryable, p: { order: number; limit: number; userId?: number | undefined; address?: string | undefined; from?: string | undefined; to?: string | undefined }) {
  const args: unknown[] = [];
  const where = ['true'];
  if (p.userId) { args.push(p.userId); where.push(`l.user_id = $${args.length}`); }
  if (p.address) { args.push(p.address); where.push(`l.address = $${args.length}`); }
  if (p.from) { args.push(p.from); where.push(`l.created_at >= $${args.length}::date`); }
  if (p.to) { args.push(p.to); where.push(`l.created_at < $${args.length}::date + 1`); }
  const fromWhere = `from ip_logs l where ${where.join(' and ')}`;
  const [n] = await q.query<{ n: number }>(`select count(*)::int as n ${fromWhere}`, args);
  const rows = await q.query<{ id: number; user_id: number | null; user_name: string; address: string; user_agent: string; success: boolean; outcome: string; created_at: Date }>(
    `select l.* ${fromWhere} order by l.id desc limit ${p.limit} offset ${p.order * p.limit}`, args);
  return {
    status: true as const, totalCount: n?.n ?? 0,
    results: rows.map((r) => ({ id: Number(r.id), userId: r.user_id ?? 0, userName: r.user_name, address: r.address, userAgent: r.user_agent, success: r.success, outcome: r.outcome, createdAt: new Date(r.created_at).toISOString() })),
  };
}
