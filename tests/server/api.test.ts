/**
 * API and wallet-invariant tests of the server (betting-core.md sections 3, 4, 5, 7, 8), run on
 * every available driver: PGlite in memory, and PostgreSQL when reachable (see harness.ts).
 * Each driver is seeded once; tests isolate their money with fresh players (harness.addUser) or
 * by comparing snapshots taken before and after.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { MatchListItem } from '../../domain/protocol/entities.ts';
import type { CouponItem, CouponLine } from '../../domain/protocol/coupons.ts';
import { postLedger } from '../../server/wallet/ledger.ts';
import { drivers, ledgerViolations, snapshot, useHarness } from './harness.ts';

const MSG = {
  wrongLogin: 'Yanlış kullanıcı adı yada şifre',
  couponCreated: 'Tebrikler! Kupon Başarılı Bir Şekilde Oluşturuldu.',
  insufficientCredit: 'Kredi yetersiz',
  tooManyRequests: 'Çok fazla istek, lütfen biraz bekleyiniz',
};

/** Text that must never reach a client: stack frames, source paths, error class names. */
const STACK_TEXT = /\bat [\w$.<>]+ \(|node_modules|\.[cm]?[jt]s:\d+|\b(Type|Range|Reference|Syntax)?Error:|FST_ERR|stack/;

interface Reply {
  status: boolean;
  msg?: string;
  [k: string]: unknown;
}
interface MatchesReply extends Reply { data: { results: MatchListItem[]; totalRows: number } }
interface CouponReply extends Reply { ticketId: number; changed: number[]; couponErrors: Array<{ mid: number; msg: string }>; login: boolean }

const json = <T = Reply>(res: LightMyRequestResponse): T => res.json<T>();

/** One pick: a real outcome of a real match, at the server's current odd. */
interface Pick { mid: number; matchDate: number; oddsType: number; outcomeId: number; special: string; odd: number }

function pickOf(m: MatchListItem, oddsType = 1, outcomeId = 1): Pick {
  const group = m.odds.find((g) => g.oddstype === oddsType);
  const outcome = group?.outcomes.find((o) => o.outcomeid === outcomeId);
  if (!group || !outcome) throw new Error(`match ${m.id} has no outcome ${oddsType}/${outcomeId}`);
  return { mid: m.id, matchDate: Date.parse(m.matchDate), oddsType, outcomeId, special: group.special, odd: outcome.odd };
}

function tipOf(p: Pick, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    mid: p.mid, oddTypeId: p.oddsType, ttype: 'N', odd: p.odd, banko: false, sid: 1,
    ktip: { outcomeid: p.outcomeId, special: p.special },
    ...over,
  };
}

/** A single (TK) coupon payload as the worker sends it (staketype 0: ticketStake = totalStake). */
function single(p: Pick, stake: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { lang: 'tr', ticketType: 'TK', couponType: 3, oddChangeOk: false, systemTickets: [], totalStake: stake, ticketStake: stake, tips: [tipOf(p)], ...over };
}

const DRIVERS = await drivers();

describe.each(DRIVERS)('server API on %s', (driver) => {
  const h = useHarness(driver);
  /** Upcoming football matches at the seed time, earliest first. */
  let football: MatchListItem[];

  beforeAll(async () => {
    const res = await h.call('matches', { sportId: 1, limit: 50 });
    football = json<MatchesReply>(res).data.results;
    expect(football.length).toBeGreaterThanOrEqual(21);
  });

  async function coupon(cookie: string, payload: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
    return h.call('createCoupon', payload, { cookie, ...(headers ? { headers } : {}) });
  }


  async function betRows(userId: number) {
    return h.db.query<{ amount: number; balance_after: number; ref_type: string; ref_id: number }>(
      `select amount, balance_after, ref_type, ref_id from ledger where user_id = $1 and kind = 'bet' order by id`, [userId]);
  }

  async function balance(userId: number): Promise<number> {
    return (await snapshot(h.db, userId)).balance;
  }

  describe('login, session and logout', () => {
    it('refuses a wrong password with 401 in the spec shape and sets no cookie', async () => {
      const res = await h.call('login', { userName: 'demo', password: 'wrong-pass' });
      expect(res.statusCode).toBe(401);
      expect(json(res)).toMatchObject({ status: false, msg: MSG.wrongLogin });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('gives an unknown user the same answer as a wrong password', async () => {
      const res = await h.call('login', { userName: 'nobody-here', password: 'demo1234' });
      expect(res.statusCode).toBe(401);
      expect(json(res)).toMatchObject({ status: false, msg: MSG.wrongLogin });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('sets an HttpOnly SameSite=Lax sid cookie on a good login; userdata reads the session', async () => {
      const res = await h.call('login', { userName: 'demo', password: 'demo1234' });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ status: true });
      const sid = res.cookies.find((c) => c.name === 'sid');
      expect(sid).toBeDefined();
      expect(sid!.value.length).toBeGreaterThanOrEqual(32);
      expect(sid!.httpOnly).toBe(true);
      expect(String(sid!.sameSite).toLowerCase()).toBe('lax');
      expect(sid!.path).toBe('/');
      const raw = String(res.headers['set-cookie']);
      expect(raw).toMatch(/HttpOnly/i);
      expect(raw).toMatch(/SameSite=Lax/i);

      const me = await h.call('userdata', {}, { cookie: `sid=${sid!.value}` });
      expect(me.statusCode).toBe(200);
      expect(json(me)).toMatchObject({ status: true, userName: 'demo', userCredit: 100_000, userId: await h.userId('demo') });
    });

    it('refuses userdata without a cookie or with a forged one (401, status false)', async () => {
      for (const cookie of [undefined, 'sid=forged-token-that-was-never-issued']) {
        const res = await h.call('userdata', {}, { cookie });
        expect(res.statusCode).toBe(401);
        const body = json(res);
        expect(body.status).toBe(false);
        expect(typeof body.msg).toBe('string');
      }
    });

    it('logout invalidates the session on the server, not only the cookie', async () => {
      const cookie = await h.login('mehmet', 'mehmet1234');
      expect((await h.call('userdata', {}, { cookie })).statusCode).toBe(200);
      const out = await h.call('logout', {}, { cookie });
      expect(out.statusCode).toBe(200);
      expect(json(out)).toMatchObject({ status: true });
      // The browser would drop the cookie; a replayed copy of it must not work either.
      const after = await h.call('userdata', {}, { cookie });
      expect(after.statusCode).toBe(401);
      expect(json(after).status).toBe(false);
    });

    it('a session expires after its lifetime (7 days)', async () => {
      const cookie = await h.login('mehmet', 'mehmet1234');
      h.clock.now += 7 * 86_400_000 + 1000;
      expect((await h.call('userdata', {}, { cookie })).statusCode).toBe(401);
    });
  });

  describe('matches', () => {
    it('filters by sportId', async () => {
      const res = await h.call('matches', { sportId: 3 });
      const body = json<MatchesReply>(res);
      expect(res.statusCode).toBe(200);
      expect(body.data.results.length).toBeGreaterThan(0);
      expect(body.data.results.every((m) => m.sportId === 3)).toBe(true);
    });

    it('honours limit and still counts every row', async () => {
      const body = json<MatchesReply>(await h.call('matches', { sportId: 1, limit: 2 }));
      expect(body.data.results).toHaveLength(2);
      expect(body.data.totalRows).toBeGreaterThan(2);
    });

    it('finds matches by a team name substring (keyWord, case-insensitive)', async () => {
      const body = json<MatchesReply>(await h.call('matches', { keyWord: 'galata' }));
      expect(body.data.results.length).toBeGreaterThan(0);
      for (const m of body.data.results) expect(`${m.homeTeam} ${m.awayTeam}`.toLowerCase()).toContain('galata');
    });

    it('treats LIKE wildcards in keyWord literally', async () => {
      const body = json<MatchesReply>(await h.call('matches', { keyWord: '%%%' }));
      expect(body.data.results).toEqual([]);
    });

    it("answers 'no result' with an empty list when nothing matches", async () => {
      const res = await h.call('matches', { keyWord: 'zzzz-no-such-team' });
      expect(res.statusCode).toBe(200);
      expect(json<MatchesReply>(res)).toMatchObject({ status: true, msg: 'no result', data: { results: [], totalRows: 0 } });
    });

    it('drops a not-started match more than 5 minutes past its start', async () => {
      const m = football[0]!;
      const listed = async () => json<MatchesReply>(await h.call('matches', { tournamentId: m.tournamentId, limit: 1000 })).data.results.some((x) => x.id === m.id);
      expect(await listed()).toBe(true);
      h.clock.now = Date.parse(m.matchDate) + 4 * 60_000;
      expect(await listed()).toBe(true);
      h.clock.now = Date.parse(m.matchDate) + 5 * 60_000 + 1000;
      expect(await listed()).toBe(false);
    });

    it('highlights return at most 10', async () => {
      const body = json<MatchesReply>(await h.call('highlights', { limit: 50 }));
      expect(body.data.results.length).toBeLessThanOrEqual(10);
    });

    it('refuses a bad filter with 400 in the spec shape', async () => {
      const res = await h.call('matches', { sportId: 'football' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ status: false });
    });
  });

  describe('createCoupon', () => {
    it('places a single coupon at the server odd: coupon, tip, ledger, wallet, list and detail agree', async () => {
      const u = await h.player('single', 100_000);
      const m = football[1]!;
      const p = pickOf(m, 1, 1);
      const stake = 1_500;
      const res = await coupon(u.cookie, single(p, stake));
      expect(res.statusCode).toBe(200);
      const body = json<CouponReply>(res);
      expect(body).toMatchObject({ status: true, msg: MSG.couponCreated, changed: [], couponErrors: [], login: true });
      expect(Number.isSafeInteger(body.ticketId) && body.ticketId > 0).toBe(true);

      // The server's own odd for the pick, read from the database.
      const [server] = await h.db.query<{ odd: number }>(
        `select o.odd from outcomes o join odds_groups g on g.id = o.group_id
          where g.match_id = $1 and g.odds_type = 1 and g.special = '' and o.outcome_id = 1`, [p.mid]);
      const [row] = await h.db.query<{ user_id: number; ticket_type: string; status: number; total_stake: number; ticket_stake: number; max_pay: number }>(
        'select user_id, ticket_type, status, total_stake, ticket_stake, max_pay from coupons where id = $1', [body.ticketId]);
      expect(row).toEqual({ user_id: u.id, ticket_type: 'TK', status: 0, total_stake: stake, ticket_stake: stake, max_pay: Math.floor((stake * server!.odd) / 1000) });
      const tips = await h.db.query('select match_id, odds_type, outcome_id, special, odd, ttype from coupon_tips where coupon_id = $1', [body.ticketId]);
      expect(tips).toEqual([{ match_id: p.mid, odds_type: 1, outcome_id: 1, special: '', odd: server!.odd, ttype: 'N' }]);

      expect(await betRows(u.id)).toEqual([{ amount: -stake, balance_after: 100_000 - stake, ref_type: 'coupon', ref_id: body.ticketId }]);
      expect(await balance(u.id)).toBe(100_000 - stake);
      expect(json(await h.call('userdata', {}, { cookie: u.cookie }))).toMatchObject({ userCredit: 100_000 - stake });

      const list = json<Reply & { results: CouponItem[]; totalCount: number }>(await h.call('couponList', {}, { cookie: u.cookie }));
      expect(list.status).toBe(true);
      expect(list.totalCount).toBe(1);
      expect(list.results[0]).toMatchObject({ ticketId: body.ticketId, ticketType: 'TK', status: 0, totalTipps: 1, totalStake: stake, single: 1 });

      const detail = await h.call('getCouponDetail', { ticketId: body.ticketId }, { cookie: u.cookie });
      expect(detail.statusCode).toBe(200);
      const d = json<Reply & { coupon: { result: CouponItem }; results: CouponLine[] }>(detail);
      expect(d.status).toBe(true);
      expect(d.coupon.result.ticketId).toBe(body.ticketId);
      expect(d.results).toHaveLength(1);
      expect(d.results[0]).toMatchObject({ matchId: p.mid, home: m.homeTeam, away: m.awayTeam, odds: server!.odd, isBank: 0, isLive: 0 });

      // Another player cannot read it.
      const other = await h.player('peek', 0);
      const peek = await h.call('getCouponDetail', { ticketId: body.ticketId }, { cookie: other.cookie });
      expect(peek.statusCode).toBe(404);
      expect(json(peek).status).toBe(false);
    });

    it('ignores a userId in the payload: logged in as demo, a payload naming ayse debits demo', async () => {
      const demoId = await h.userId('demo');
      const ayseId = await h.userId('ayse');
      const cookie = await h.login('demo', 'demo1234');
      const demoBefore = await balance(demoId);
      const ayseBefore = await balance(ayseId);
      const res = await coupon(cookie, single(pickOf(football[2]!), 1_000, { userId: ayseId }));
      expect(res.statusCode).toBe(200);
      const { ticketId } = json<CouponReply>(res);
      expect(await balance(demoId)).toBe(demoBefore - 1_000);
      expect(await balance(ayseId)).toBe(ayseBefore);
      const [row] = await h.db.query<{ user_id: number }>('select user_id from coupons where id = $1', [ticketId]);
      expect(row!.user_id).toBe(demoId);
    });

    it('with oddChangeOk accepts a stale client odd but books the server odd', async () => {
      const u = await h.player('stale', 100_000);
      const p = pickOf(football[3]!);
      const res = await coupon(u.cookie, single({ ...p, odd: p.odd + 250 }, 1_000, { oddChangeOk: true }));
      expect(res.statusCode).toBe(200);
      const { ticketId } = json<CouponReply>(res);
      const [tip] = await h.db.query<{ odd: number }>('select odd from coupon_tips where coupon_id = $1', [ticketId]);
      expect(tip!.odd).toBe(p.odd);
      const [c] = await h.db.query<{ max_pay: number }>('select max_pay from coupons where id = $1', [ticketId]);
      expect(c!.max_pay).toBe(Math.floor((1_000 * p.odd) / 1000));
    });

    it('places a combination (KK) of two matches at the product of the server odds', async () => {
      const u = await h.player('kk', 100_000);
      const a = pickOf(football[4]!);
      const b = pickOf(football[5]!, 1, 3);
      const res = await coupon(u.cookie, { ...single(a, 1_000), ticketType: 'KK', couponType: 0, tips: [tipOf(a), tipOf(b)] });
      expect(res.statusCode).toBe(200);
      const { ticketId } = json<CouponReply>(res);
      const [c] = await h.db.query<{ ticket_type: string; max_pay: number }>('select ticket_type, max_pay from coupons where id = $1', [ticketId]);
      expect(c!.ticket_type).toBe('KK');
      expect(c!.max_pay).toBe(Math.floor((1_000 * a.odd * b.odd) / 1_000_000));
      expect(await balance(u.id)).toBe(99_000);
    });

    it('places a system (SK 2 of 3) coupon: 3 combinations, totalStake = 3 x ticketStake', async () => {
      const u = await h.player('sk', 100_000);
      const picks = football.slice(18, 21).map((m) => pickOf(m));
      const res = await coupon(u.cookie, { ...single(picks[0]!, 3_000), ticketType: 'SK', couponType: 1, systemTickets: [2], ticketStake: 1_000, tips: picks.map((x) => tipOf(x)) });
      expect(res.statusCode, res.body).toBe(200);
      const { ticketId } = json<CouponReply>(res);
      const [c] = await h.db.query<{ ticket_type: string; total_tickets: number; total_stake: number; ticket_stake: number; system_combi: string }>(
        'select ticket_type, total_tickets, total_stake, ticket_stake, system_combi from coupons where id = $1', [ticketId]);
      expect(c).toEqual({ ticket_type: 'SK', total_tickets: 3, total_stake: 3_000, ticket_stake: 1_000, system_combi: '2' });
      expect(await betRows(u.id)).toEqual([{ amount: -3_000, balance_after: 97_000, ref_type: 'coupon', ref_id: ticketId }]);
    });
  });

  describe('Idempotency-Key', () => {
    it('a repeated key returns the first reply and debits once; a new key places a second coupon', async () => {
      const u = await h.player('idem', 100_000);
      const payload = single(pickOf(football[6]!), 2_000);
      const first = await coupon(u.cookie, payload, { 'idempotency-key': 'key-A' });
      const again = await coupon(u.cookie, payload, { 'idempotency-key': 'key-A' });
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(json<CouponReply>(again).ticketId).toBe(json<CouponReply>(first).ticketId);
      expect(json(again)).toEqual(json(first));
      expect(await balance(u.id)).toBe(98_000);
      expect(await betRows(u.id)).toHaveLength(1);

      const other = await coupon(u.cookie, payload, { 'idempotency-key': 'key-B' });
      expect(other.statusCode).toBe(200);
      expect(json<CouponReply>(other).ticketId).not.toBe(json<CouponReply>(first).ticketId);
      expect(await balance(u.id)).toBe(96_000);
      expect(await betRows(u.id)).toHaveLength(2);
    });

    it('a key is per user: the same key from another player places their own coupon', async () => {
      const a = await h.player('idemA', 10_000);
      const b = await h.player('idemB', 10_000);
      const payload = single(pickOf(football[6]!), 1_000);
      const ra = json<CouponReply>(await coupon(a.cookie, payload, { 'idempotency-key': 'shared-key' }));
      const rb = json<CouponReply>(await coupon(b.cookie, payload, { 'idempotency-key': 'shared-key' }));
      expect(ra.status && rb.status).toBe(true);
      expect(rb.ticketId).not.toBe(ra.ticketId);
      expect(await balance(a.id)).toBe(9_000);
      expect(await balance(b.id)).toBe(9_000);
    });

    /** Four more apps on the same database: the server processes of a site, each with its own placement queue. */
    let processes: FastifyInstance[] | undefined;

    /**
     * The same key sent 5 times at once. On PostgreSQL the requests are made to overlap for sure:
     * each goes through its own app (one process queues a player's placements one after the
     * other), and the test holds the player's wallet row locked until all 5 wait on it (so every
     * one of them has already looked the key up and found nothing). PGlite runs one transaction at a time.
     */
    async function sameKeyAtOnce(prefix: string): Promise<{ userId: number; replies: LightMyRequestResponse[] }> {
      const u = await h.player(prefix, 100_000);
      const payload = single(pickOf(football[7]!), 1_000);
      if (driver !== 'pg') {
        return { userId: u.id, replies: await Promise.all(Array.from({ length: 5 }, () => coupon(u.cookie, payload, { 'idempotency-key': 'key-par' }))) };
      }
      processes ??= await Promise.all(Array.from({ length: 4 }, () => h.buildApp()));
      const send = () => Promise.all([h.app, ...processes!].map((app) => app.inject({
        method: 'POST', url: '/api/createCoupon', payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json', cookie: u.cookie, 'idempotency-key': 'key-par' },
      })));
      const replies = await holdingWalletLock(u.id, 5, send);
      return { userId: u.id, replies };
    }

    async function holdingWalletLock<T>(userId: number, waiters: number, fn: () => Promise<T>): Promise<T> {
      let release!: () => void;
      const gate = new Promise<void>((r) => { release = r; });
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => { locked = r; });
      const holder = h.db.tx(async (q) => {
        await q.query('select 1 from wallets where user_id = $1 for update', [userId]);
        locked();
        await gate;
      });
      await isLocked;
      const running = fn();
      try {
        const until = Date.now() + 10_000;
        for (;;) {
          const [w] = await h.db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
          if (w!.n >= waiters) break;
          if (Date.now() > until) throw new Error(`only ${w!.n} of ${waiters} requests reached the wallet lock`);
          await new Promise((r) => setTimeout(r, 10));
        }
      } finally {
        release();
        await holder;
      }
      return running;
    }

    it('the same key sent 5 times at once places one coupon and debits once', async () => {
      const { userId, replies } = await sameKeyAtOnce('idemPar');
      expect(replies.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      expect(new Set(replies.filter((r) => r.statusCode === 200).map((r) => json<CouponReply>(r).ticketId)).size).toBe(1);
      expect(await betRows(userId)).toHaveLength(1);
      expect(await balance(userId)).toBe(99_000);
      const [c] = await h.db.query<{ n: number }>('select count(*)::int as n from coupons where user_id = $1', [userId]);
      expect(c!.n).toBe(1);
    });

    // BUG (pg): the requests all miss the key, all insert a coupon and debit, and every one but the
    // first dies on the primary key of idempotency_keys: 500 'Teknik bir arıza...' instead of the
    // first reply. Money stays right (the losers roll back), but a placed coupon is reported failed.
    it('the same key sent 5 times at once answers every request with the first reply', async () => {
      const { replies } = await sameKeyAtOnce('idemPar2');
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(replies.map((r) => json<CouponReply>(r).ticketId)).size).toBe(1);
    });

    // BUG: reusing a key with a different payload silently returns the first coupon's reply (status
    // true, the old ticketId, nothing placed); the IETF Idempotency-Key draft says 422.
    it('a key reused with a different payload is refused (422), not answered with the old coupon', async () => {
      const u = await h.player('idemDiff', 100_000);
      const first = await coupon(u.cookie, single(pickOf(football[6]!), 1_000), { 'idempotency-key': 'key-D' });
      expect(first.statusCode).toBe(200);
      const other = await coupon(u.cookie, single(pickOf(football[7]!), 5_000), { 'idempotency-key': 'key-D' });
      expect(other.statusCode).toBe(422);
      expect(json(other).status).toBe(false);
    });
  });

  describe('refused coupons change nothing', () => {
    let u: { id: number; cookie: string };
    let p: Pick;
    let q: Pick;
    /** A pick whose match the cases below close in the database (and open again). */
    let r: Pick;
    /** Draws of five matches: a KK whose payout at the maximum stake is above the maximum payout. */
    let draws: Pick[];

    beforeAll(async () => {
      u = await h.player('bad', 100_000);
      p = pickOf(football[8]!);
      q = pickOf(football[9]!);
      r = pickOf(football[12]!);
      draws = football.slice(13, 18).map((m) => pickOf(m, 1, 2));
    });

    /** Runs an update on r's match now and its undo after the request. */
    const closing = (sql: string, undo: string) => async () => {
      await h.db.query(sql, [r.mid]);
      return async () => { await h.db.query(undo, [r.mid]); };
    };
    const groupOf = `(select id from odds_groups where match_id = $1 and odds_type = 1 and special = '')`;

    interface BadCase {
      name: string;
      /** The request: a payload, or a raw body with its content type. */
      req: () => { payload?: unknown; raw?: string; contentType?: string; cookie?: string | null; setup?: () => void };
      /** Database changes made before the request; returns their undo. */
      db?: () => Promise<() => Promise<void>>;
      code?: number;
      msg?: string | RegExp;
      check?: (body: Reply) => void;
    }

    const cases: BadCase[] = [
      { name: 'empty payload (all fields missing)', req: () => ({ payload: {} }), code: 400 },
      { name: 'missing tips', req: () => { const { tips: _t, ...rest } = single(p, 1_000); return { payload: rest }; }, code: 400 },
      { name: 'missing ticketStake', req: () => { const { ticketStake: _s, ...rest } = single(p, 1_000); return { payload: rest }; }, code: 400 },
      { name: 'missing ticketType', req: () => { const { ticketType: _s, ...rest } = single(p, 1_000); return { payload: rest }; }, code: 400 },
      { name: 'empty tips', req: () => ({ payload: single(p, 1_000, { tips: [] }) }), code: 400 },
      { name: 'tip without ktip', req: () => ({ payload: single(p, 1_000, { tips: [{ mid: p.mid, oddTypeId: 1, ttype: 'N', odd: p.odd }] }) }), code: 400 },
      { name: 'stake as a string', req: () => ({ payload: single(p, 1_000, { totalStake: '1000', ticketStake: '1000' }) }), code: 400 },
      { name: 'tips not an array', req: () => ({ payload: single(p, 1_000, { tips: tipOf(p) }) }), code: 400 },
      { name: 'tips as a string', req: () => ({ payload: single(p, 1_000, { tips: 'all of them' }) }), code: 400 },
      { name: 'match id as a string', req: () => ({ payload: single(p, 1_000, { tips: [tipOf(p, { mid: String(p.mid) })] }) }), code: 400 },
      { name: 'negative stake', req: () => ({ payload: single(p, -1_000) }), code: 400 },
      { name: 'zero stake', req: () => ({ payload: single(p, 0) }), code: 400 },
      { name: 'sub-cent stake (10.5 minor units)', req: () => ({ payload: single(p, 10.5) }), code: 400 },
      { name: 'sub-cent stake above the minimum (1000.5)', req: () => ({ payload: single(p, 1000.5) }), code: 400 },
      { name: 'NaN-like huge stake (1e308)', req: () => ({ payload: single(p, 1e308) }), code: 400 },
      { name: 'stake below the minimum (99)', req: () => ({ payload: single(p, 99) }), code: 422, msg: 'En az bahis: 1.00 TRY' },
      { name: 'stake above the maximum (25001)', req: () => ({ payload: single(p, 25_001) }), code: 422, msg: 'En fazla bahis: 250.00 TRY' },
      { name: 'totalStake not matching ticketStake', req: () => ({ payload: single(p, 1_000, { totalStake: 500 }) }), code: 400 },
      { name: 'unknown match id', req: () => ({ payload: single({ ...p, mid: 987_654 }, 1_000) }), code: 422, msg: 'Maç bulunamadı',
        check: (b) => expect(b.couponErrors).toEqual([{ mid: 987_654, msg: 'Maç bulunamadı' }]) },
      { name: 'unknown outcome', req: () => ({ payload: single({ ...p, outcomeId: 77 }, 1_000) }), code: 422,
        check: (b) => expect((b.couponErrors as Array<{ mid: number }>)[0]?.mid).toBe(p.mid) },
      { name: 'unknown odds type', req: () => ({ payload: single({ ...p, oddsType: 999 }, 1_000) }), code: 422 },
      { name: 'wrong special of a market', req: () => ({ payload: single({ ...p, special: '9.5' }, 1_000) }), code: 422 },
      { name: 'changed odd with oddChangeOk false', req: () => ({ payload: single({ ...p, odd: p.odd + 100 }, 1_000) }), code: 409,
        msg: 'Oranlar değişti: kuponu kontrol ediniz', check: (b) => expect(b.changed).toEqual([p.mid]) },
      { name: 'odd below 1.001 in the payload', req: () => ({ payload: single({ ...p, odd: 1000 }, 1_000) }), code: 400 },
      { name: 'KK with one tip', req: () => ({ payload: single(p, 1_000, { ticketType: 'KK' }) }), code: 422, msg: 'Kupon tipi seçimlerle uyuşmuyor' },
      { name: 'TK with two matches', req: () => ({ payload: single(p, 1_000, { tips: [tipOf(p), tipOf(q)] }) }), code: 422, msg: 'Kupon tipi seçimlerle uyuşmuyor' },
      { name: 'SK with a system size but one match', req: () => ({ payload: single(p, 1_000, { ticketType: 'SK', systemTickets: [1] }) }), code: 422 },
      { name: 'unknown ticketType', req: () => ({ payload: single(p, 1_000, { ticketType: 'XX' }) }), code: 400 },
      { name: 'duplicate tips', req: () => ({ payload: single(p, 1_000, { ticketType: 'CK', tips: [tipOf(p), tipOf(p)] }) }), code: 422, msg: 'Aynı tahmin iki kez seçilemez' },
      { name: 'a live (L) tip', req: () => ({ payload: single(p, 1_000, { tips: [tipOf(p, { ttype: 'L' })] }) }), code: 422 },
      { name: 'a match that already started (clock past its start)', req: () => ({ payload: single(p, 1_000), setup: () => { h.clock.now = p.matchDate + 1_000; } }),
        code: 422, msg: 'Maç başladı, kupondan çıkarınız' },
      { name: 'a match exactly at its start time', req: () => ({ payload: single(p, 1_000), setup: () => { h.clock.now = p.matchDate; } }), code: 422 },
      { name: 'bet status stopped', req: () => ({ payload: single(r, 1_000) }), db: closing(`update matches set bet_status = 'stopped' where id = $1`, `update matches set bet_status = 'started' where id = $1`),
        code: 422, msg: /geçici olarak kapalı/ },
      { name: 'an inactive (cancelled) match', req: () => ({ payload: single(r, 1_000) }), db: closing('update matches set active = 0 where id = $1', 'update matches set active = 1 where id = $1'), code: 422 },
      { name: 'a match already live (status 1p)', req: () => ({ payload: single(r, 1_000) }), db: closing(`update matches set status = '1p' where id = $1`, `update matches set status = 'not_started' where id = $1`), code: 422 },
      { name: 'a closed odds group', req: () => ({ payload: single(r, 1_000) }), db: closing(`update odds_groups set active = 0 where id = ${groupOf}`, `update odds_groups set active = 1 where id = ${groupOf}`),
        code: 422, msg: 'Bu maç için tahmin kapalı' },
      { name: 'an inactive outcome', req: () => ({ payload: single(r, 1_000) }),
        db: closing(`update outcomes set active = 0 where outcome_id = 1 and group_id = ${groupOf}`, `update outcomes set active = 1 where outcome_id = 1 and group_id = ${groupOf}`), code: 422 },
      { name: 'a suspended odd (below 1.01)', req: () => ({ payload: single({ ...r, odd: 1005 }, 1_000) }),
        db: async () => {
          await h.db.query(`update outcomes set odd = 1005 where outcome_id = 1 and group_id = ${groupOf}`, [r.mid]);
          return async () => { await h.db.query(`update outcomes set odd = $2 where outcome_id = 1 and group_id = ${groupOf}`, [r.mid, r.odd]); };
        }, code: 422 },
      { name: 'payout above the maximum payout (KK of 5 draws at 250.00)', req: () => ({ payload: single(p, 25_000, { ticketType: 'KK', couponType: 0, tips: draws.map((d) => tipOf(d)) }) }),
        code: 422, msg: /^Bahis .+ ile sınırlandı$/ },
      { name: 'empty JSON body', req: () => ({ raw: '', contentType: 'application/json' }), code: 400 },
      { name: 'non-JSON body', req: () => ({ raw: '{"ticketType": "TK", tips: [', contentType: 'application/json' }), code: 400 },
      { name: 'JSON that is not an object', req: () => ({ raw: '[1,2,3]', contentType: 'application/json' }), code: 400 },
      { name: 'JSON null', req: () => ({ raw: 'null', contentType: 'application/json' }), code: 400 },
      { name: 'a text/plain body', req: () => ({ raw: 'ticketType=TK', contentType: 'text/plain' }) },
      { name: 'oversized body (300 KiB)', req: () => ({ payload: single(p, 1_000, { padding: 'x'.repeat(300 * 1024) }) }), code: 413 },
      { name: 'too many tips (21)', req: () => ({ payload: single(p, 1_000, { ticketType: 'KK', tips: football.slice(0, 21).map((m) => tipOf(pickOf(m))) }) }), code: 400 },
      { name: 'not logged in', req: () => ({ payload: single(p, 1_000), cookie: null }), code: 401, check: (b) => expect(b.login).toBe(false) },
      { name: 'a forged session cookie', req: () => ({ payload: single(p, 1_000), cookie: 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }), code: 401 },
    ];

    it.each(cases)('$name', async (c) => {
      const req = c.req();
      const before = await snapshot(h.db, u.id);
      req.setup?.();
      const undo = await c.db?.();
      const cookie = req.cookie === null ? undefined : (req.cookie ?? u.cookie);
      let res: LightMyRequestResponse;
      try {
        res = await h.app.inject({
          method: 'POST',
          url: '/api/createCoupon',
          headers: { 'content-type': req.contentType ?? 'application/json', ...(cookie ? { cookie } : {}) },
          payload: req.raw ?? JSON.stringify(req.payload),
        });
      } finally {
        await undo?.();
      }
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (c.code) expect(res.statusCode, res.body).toBe(c.code);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).not.toMatch(STACK_TEXT);
      const body = json(res);
      expect(body.status).toBe(false);
      expect(typeof body.msg).toBe('string');
      expect(body.msg!.length).toBeGreaterThan(0);
      if (typeof c.msg === 'string') expect(body.msg).toBe(c.msg);
      else if (c.msg) expect(body.msg).toMatch(c.msg);
      c.check?.(body);
      expect(await snapshot(h.db, u.id)).toEqual(before);
    });
  });

  describe('insufficient credit', () => {
    it("refuses a stake the drained wallet cannot cover with 'Kredi yetersiz' and changes nothing", async () => {
      const u = await h.player('poor', 100_000);
      await h.db.tx((q) => postLedger(q, { userId: u.id, amount: -99_950, kind: 'withdraw', refType: 'test', refId: null }));
      const before = await snapshot(h.db, u.id);
      expect(before.balance).toBe(50);
      const res = await coupon(u.cookie, single(pickOf(football[10]!), 100));
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(json(res)).toMatchObject({ status: false, msg: MSG.insufficientCredit });
      expect(await snapshot(h.db, u.id)).toEqual(before);
    });

    it('refuses a stake the user limits allow but the wallet cannot cover', async () => {
      const big = { minTip: 1, minStake: 100, maxStake: 10_000_000, maxPay: 1_000_000_000, status: 1 };
      const u = await h.player('limits', 30_000, { single: big });
      const before = await snapshot(h.db, u.id);
      const res = await coupon(u.cookie, single(pickOf(football[10]!), 30_001));
      expect(res.statusCode).toBe(422);
      expect(json(res)).toMatchObject({ status: false, msg: MSG.insufficientCredit });
      expect(await snapshot(h.db, u.id)).toEqual(before);
      // The whole balance is fine: it may reach 0, never below.
      const all = await coupon(u.cookie, single(pickOf(football[10]!), 30_000));
      expect(all.statusCode).toBe(200);
      expect(await balance(u.id)).toBe(0);
      const more = await coupon(u.cookie, single(pickOf(football[10]!), 100));
      expect(json(more)).toMatchObject({ status: false, msg: MSG.insufficientCredit });
      expect(await balance(u.id)).toBe(0);
    });
  });

  describe('concurrency', () => {
    it('10 coupons at once on a balance that covers 3: exactly 3 placed, never negative', async () => {
      const stake = 1_000;
      const opening = 3 * stake + 500;
      const u = await h.player('race', opening);
      const before = await snapshot(h.db, u.id);
      const p = pickOf(football[11]!);
      const replies = await Promise.all(Array.from({ length: 10 }, () => coupon(u.cookie, single(p, stake))));
      const codes = replies.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      expect(codes.filter((c) => c >= 500)).toEqual([]);
      for (const r of replies.filter((x) => x.statusCode !== 200)) {
        expect(r.statusCode).toBe(422);
        expect(json(r)).toMatchObject({ status: false, msg: MSG.insufficientCredit });
      }
      const after = await snapshot(h.db, u.id);
      expect(after.balance).toBe(opening - 3 * stake);
      expect(after.coupons - before.coupons).toBe(3);
      const bets = await betRows(u.id);
      expect(bets).toHaveLength(3);
      expect(bets.reduce((s, b) => s + b.amount, 0)).toBe(after.balance - before.balance);
      expect(bets.every((b) => b.balance_after >= 0)).toBe(true);
      expect(new Set(bets.map((b) => b.ref_id)).size).toBe(3);
      expect(await ledgerViolations(h.db)).toEqual([]);
    });
  });

  describe('rate limit and plain routes', () => {
    it('more than loginRateMax logins a minute from one address get 429 in the spec shape', async () => {
      const app = await h.buildApp({ loginRateMax: 3 });
      const login = (remoteAddress: string, headers: Record<string, string> = {}) => app.inject({
        method: 'POST', url: '/api/login', remoteAddress,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ userName: 'ayse', password: 'wrong-pass' }),
      });
      for (let i = 0; i < 3; i++) expect((await login('10.1.1.1')).statusCode).toBe(401);
      const limited = await login('10.1.1.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ status: false, msg: MSG.tooManyRequests });
      expect(limited.body).not.toMatch(STACK_TEXT);
      // Another address has its own budget.
      expect((await login('10.1.1.2')).statusCode).toBe(401);
    });

    // Known weakness: trustProxy: true takes the client's own X-Forwarded-For as its address, so the
    // per-address login limit is bypassed by sending a new X-Forwarded-For each time.
    it('a spoofed X-Forwarded-For does not reset the login limit', async () => {
      const app = await h.buildApp({ loginRateMax: 3 });
      const login = (xff?: string) => app.inject({
        method: 'POST', url: '/api/login', remoteAddress: '10.2.2.2',
        headers: { 'content-type': 'application/json', ...(xff ? { 'x-forwarded-for': xff } : {}) },
        payload: JSON.stringify({ userName: 'ayse', password: 'wrong-pass' }),
      });
      for (let i = 0; i < 3; i++) await login();
      expect((await login('203.0.113.7')).statusCode).toBe(429);
    });

    it('GET /api/settings answers the site settings', async () => {
      const res = await h.app.inject({ method: 'GET', url: '/api/settings' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: true, settings: { coupons_day: 30 } });
    });

    it('an unknown call is a 404 in the spec shape', async () => {
      const res = await h.call('noSuchCall', {});
      expect(res.statusCode).toBe(404);
      expect(json(res)).toMatchObject({ status: false });
    });
  });
});
