/**
 * The first-admin command's function on a PGlite folder: a random password that logs in, a fresh
 * TOTP secret whose codes pass the back office's second factor, refused twice unless forced.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createAdmin, CreateAdminError } from '../../server/ops/create-admin.ts';
import { verifyPassword } from '../../server/accounts/password.ts';
import { otpNow, otpUse } from '../../server/backoffice/session.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';

describe('create-admin on a PGlite folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'create-admin-'));
  let db: Db;
  const now = Date.parse('2026-06-01T12:00:00Z');
  beforeAll(async () => {
    db = await openDb({ dataDir: dir });
    await migrate(db);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates an admin with a random password and a fresh TOTP secret, printed once; a second run is refused unless forced', async () => {
    const a = await createAdmin(db, { username: 'chief', now });
    expect(a.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(a.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Object.values(DEMO_TOTP)).not.toContain(a.totpSecret);
    expect(a.otpauthUri).toMatch(/^otpauth:\/\/totp\/BetPWA:chief\?/);
    expect(new URL(a.otpauthUri).searchParams.get('secret')).toBe(a.totpSecret);
    const [u] = await db.query<{ id: number; user_type: string; password_hash: string; totp_secret: string }>(
      'select id, user_type, password_hash, totp_secret from users where username = $1', ['chief']);
    expect(u).toMatchObject({ id: a.userId, user_type: 'A', totp_secret: a.totpSecret });
    expect(u!.password_hash).not.toContain(a.password);
    expect(await verifyPassword(u!.password_hash, a.password)).toBe(true);
    expect(await otpUse(db, a.userId, a.totpSecret, await otpNow(a.totpSecret, now), now)).toBe(true);
    const [audit] = await db.query<{ action: string }>(`select action from audit_log where action = 'createAdmin'`);
    expect(audit).toBeDefined();

    await expect(createAdmin(db, { username: 'chief2', now })).rejects.toBeInstanceOf(CreateAdminError);
    await expect(createAdmin(db, { username: 'chief', now, force: true })).rejects.toThrow(/taken/);
    await expect(createAdmin(db, { username: 'x', now, force: true })).rejects.toThrow(/username/);
    const b = await createAdmin(db, { username: 'chief2', now, force: true });
    expect(b.password).not.toBe(a.password);
    expect(b.totpSecret).not.toBe(a.totpSecret);
    expect((await db.query(`select 1 from users where user_type = 'A'`)).length).toBe(2);
  });
});
