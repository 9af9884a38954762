-- Coupon placement's two database steps as functions (server/betting/create-coupon.ts calls them).
-- Why functions: the read is one statement of several joins, and PostgreSQL planned it anew on
-- every request (about 2/3 of its cost); PL/pgSQL keeps the plans of its statements for the
-- connection. The rules themselves stay in TypeScript (domain/betslip): these only read and write.
--
-- The migration runner splits scripts on a semicolon at the end of a line, so inside the bodies
-- every statement's semicolon is followed by a comment on the same line.

-- Step 1. Locks the player's wallet row, which serialises one player's placements: what follows
-- runs with a fresh snapshot (a VOLATILE function takes one per statement), so it sees the coupons,
-- stakes and keys of every placement of this player that committed before. Then claims the
-- Idempotency-Key (or finds its first reply) and reads the picks' matches, their pre-match odds
-- under a share lock (they cannot change before the coupon commits), the stake the player already
-- has on each tip in waiting coupons, and how many waiting coupons have the same picks.
-- p_picks: [{ i, match_id, odds_type, outcome_id, special, live }]. Null when there is no such user.
create or replace function coupon_place_read(p_user int, p_picks json, p_key text, p_hash text, p_same text)
returns json language plpgsql volatile as $$
declare
  v_user json; -- the player, their limits and balance
  v_out json; -- the reply
begin
  select json_build_object('currency', u.currency, 'staketype', u.staketype, 'limits', u.limits, 'balance', w.balance) into v_user
    from users u join wallets w on w.user_id = u.id where u.id = p_user
     for update of w; -- one placement of a player at a time
  if v_user is null then return null; end if; -- unknown player
  with picks as (
    select * from json_to_recordset(p_picks) as x(i int, match_id int, odds_type int, outcome_id int, special text, live boolean)
  ), claim as (
    insert into idempotency_keys (user_id, key, call, reply, request_hash)
    select p_user, p_key, 'createCoupon', 'null'::jsonb, p_hash where p_key is not null
    on conflict do nothing returning 1
  ), m as (
    -- lateral with limit 1: one index probe per pick, whatever the planner guesses of the picks
    select x.i, r.* from picks x cross join lateral (
      select m.status, m.bet_status, m.active, m.match_date, m.min_tip, h.name || ' - ' || a.name as name
        from matches m join teams h on h.id = m.home_id join teams a on a.id = m.away_id
       where m.id = x.match_id limit 1) r
  ), o as (
    select x.i, r.* from picks x cross join lateral (
      select g.active as group_active, o.active as outcome_active, o.odd
        from odds_groups g join outcomes o on o.group_id = g.id
       where not x.live and g.match_id = x.match_id and g.odds_type = x.odds_type and g.special = x.special and o.outcome_id = x.outcome_id
       limit 1 for share of o) r
  ), e as (
    select x.i, r.staked from picks x cross join lateral (
      select sum(t.stake)::int8 as staked
        from coupon_tips t join coupons c on c.id = t.coupon_id
       where t.user_id = p_user and t.match_id = x.match_id and t.odds_type = x.odds_type
         and t.outcome_id = x.outcome_id and t.special = x.special and c.status = 0) r
     where r.staked is not null
  )
  select json_build_object(
    'user', v_user,
    'claimed', (select count(*)::int from claim),
    'prior', (select json_build_object('reply', k.reply, 'hash', k.request_hash) from idempotency_keys k where k.user_id = p_user and k.key = p_key),
    'matches', (select coalesce(json_agg(m), '[]') from m),
    'odds', (select coalesce(json_agg(o), '[]') from o),
    'exposure', (select coalesce(json_agg(e), '[]') from e),
    'same', (select count(*)::int from coupons c where c.user_id = p_user and c.picks_hash = p_same and c.status = 0)
  ) into v_out; -- one round trip for all picks
  return v_out; --
end $$;

-- Step 2. Writes the coupon, its tips and the Idempotency-Key's reply (with the new ticketId);
-- returns the coupon id. The ledger debit follows through server/wallet/ledger.ts.
-- p_coupon: { ticket_type, is_live, total_stake, ticket_stake, total_odds, max_pay, bonus_percent,
-- total_tickets, system_combi, created_at, picks_hash }; p_tips: [{ match_id, odds_type,
-- outcome_id, special, odd, banko, ttype, stake }].
create or replace function coupon_place_write(p_user int, p_coupon json, p_tips json, p_reply jsonb, p_key text)
returns bigint language plpgsql volatile as $$
declare
  v_id bigint; -- the new coupon
begin
  insert into coupons (user_id, ticket_type, is_live, total_stake, ticket_stake, total_odds, max_pay, bonus_percent, total_tickets, system_combi, created_at, picks_hash)
  select p_user, c.ticket_type, c.is_live, c.total_stake, c.ticket_stake, c.total_odds, c.max_pay, c.bonus_percent, c.total_tickets, c.system_combi, c.created_at, c.picks_hash
    from json_to_record(p_coupon) as c(ticket_type text, is_live smallint, total_stake int8, ticket_stake int8, total_odds numeric, max_pay int8,
                                       bonus_percent int, total_tickets int, system_combi text, created_at timestamptz, picks_hash text)
  returning id into v_id; --
  insert into coupon_tips (coupon_id, user_id, match_id, odds_type, outcome_id, special, odd, banko, ttype, stake)
  select v_id, p_user, x.match_id, x.odds_type, x.outcome_id, x.special, x.odd, x.banko, x.ttype, x.stake
    from json_to_recordset(p_tips) as x(match_id int, odds_type int, outcome_id int, special text, odd int, banko smallint, ttype text, stake int8); --
  if p_key is not null then
    update idempotency_keys set reply = p_reply || jsonb_build_object('ticketId', v_id) where user_id = p_user and key = p_key; --
  end if; --
  return v_id; --
end $$;
