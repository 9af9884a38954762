import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createCoreApi } from '../api.ts';
import { CoreDb } from '../cache/db.ts';
import { browserFetch, SEED_NOW, useCoreServer } from '../test-server.test-util.ts';

// The worker's protection module against the real server (PGlite in memory).
let clock = SEED_NOW;
const server = useCoreServer({ clock: () => clock });

function makeCore(name: string) {
  let n = 0;
  return createCoreApi({ fetch: browserFetch(server, { down: false, loseReply: false }), db: new CoreDb(name), clock: () => clock, uuid: () => `${name}-${++n}` });
}

describe('worker protection module', () => {
  it('shows limits with usage as text, a raise as pending with its time, and refuses a bad amount before sending', async () => {
    const core = makeCore('prot');
    await core.init('tr');
    core.setTimezone('Europe/Istanbul');
    expect(await core.protection()).toBeNull();
    expect((await core.login('mehmet', 'mehmet1234')).ok).toBe(true);
    const fresh = (await core.protection())!;
    expect(fresh).toMatchObject({ status: 'active', limits: [], pending: [], realityCheck: 0, promptDepositLimit: true });
    expect(fresh.periods.session).toEqual(['session']);

    expect(await core.setLimit('deposit', 'day', '12a')).toEqual({ ok: false, key: 'invalidAmount' });
    expect((await core.setLimit('deposit', 'day', '1000')).ok).toBe(true);
    const raised = await core.setLimit('deposit', 'day', '2000');
    expect(raised).toMatchObject({ ok: true, pendingText: '02.06.2026 15:00' });
    const v = (await core.protection())!;
    // mehmet's opening credit of 500.00 is a deposit of the window
    expect(v.limits).toEqual([expect.objectContaining({ kind: 'deposit', period: 'day', usedText: '500,00 TL', amountText: '1.000,00 TL', ratio: 0.5, reached: false })]);
    expect(v.pending).toEqual([expect.objectContaining({ amountText: '2.000,00 TL', removal: false, effectiveText: '02.06.2026 15:00' })]);
    expect(v.promptDepositLimit).toBe(false);

    expect((await core.setLimit('session', 'session', '45')).ok).toBe(true);
    expect((await core.protection())!.limits.find((l) => l.kind === 'session')).toMatchObject({ amountText: '45 min' });
  });

  it('schedules the reality check from the session start and reads the session figures', async () => {
    const core = makeCore('reality');
    await core.init('tr');
    expect((await core.login('ayse', 'ayse1234')).ok).toBe(true);
    expect(await core.realityCheck(clock)).toBeNull();
    expect((await core.setRealityCheck(15)).ok).toBe(true);
    const r = (await core.realityCheck(clock + 16 * 60_000))!;
    expect(r).toMatchObject({ minutes: 15, sessionMinutes: 16, stakesText: '0,00 TL', netWin: true, nextAt: clock + 30 * 60_000 });
  });
});
