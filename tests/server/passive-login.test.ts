/** A user the back office set passive (users.status 0) cannot log in; set active again, it can. */
import { describe, expect, it } from 'vitest';
import { drivers, useHarness } from './harness.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('passive users on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });

  it('a passive user is refused at login with accountPassive, and no session starts', async () => {
    const u = await h.addUser('passive', 0);
    await h.db.query('update users set status = 0 where id = $1', [u.id]);
    const [before] = await h.db.query<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [u.id]);
    const res = await h.call('login', { userName: u.userName, password: u.password });
    expect([res.statusCode, res.json()]).toMatchObject([403, { status: false, error: 'accountPassive' }]);
    const [after] = await h.db.query<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [u.id]);
    expect(after!.n).toBe(before!.n);
    await h.db.query('update users set status = 1 where id = $1', [u.id]);
    expect((await h.call('login', { userName: u.userName, password: u.password })).json()).toMatchObject({ status: true, userId: u.id });
  });
});
