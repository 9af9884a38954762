-- Coupon placement, step 1 (server/betting/placement-queue.ts): the state of several players'
-- placements in two statements, whatever their number. p_reqs: [{ u, picks, key, hash, same }],
-- at most one per player (the queue guarantees it: a second placement of a player must read what
-- the first wrote). First the wallets are locked, in player order, so two batches running at once
-- wait for each other instead of deadlocking; then, with a snapshot taken after the locks (a
-- VOLATILE function takes one per statement), the Idempotency-Keys are claimed and the rest read.
-- Returns the states in the order of p_reqs (null for an unknown player); each match carries its
-- stake_limit (the per-tip limit of the back office's trading).
-- A wallet locked elsewhere for more than 5 s (a stuck session, a long settlement) fails the read
-- with 55P03 instead of holding the whole batch: the queue then places each coupon alone, so only
-- that player waits (and is answered with a technical failure if it lasts).
-- Every lookup is by key, for a handful of players: the plan settings rule out whole-table
-- scans and hash or merge joins (the planner guesses 100 players and 100 picks each, so it would
-- hash every user), and JIT compilation, which those guesses would trigger on every call.
-- The plan does not depend on the values (the planner cannot see into the json), so it is made
-- once per connection (force_generic_plan) instead of on every call: a custom plan of this
-- statement costs more than running it.
create or replace function coupon_place_read_batch(p_reqs json)
returns json language plpgsql volatile
set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off set jit = off set plan_cache_mode = force_generic_plan
set lock_timeout = '5s' as $$
declare
  v_out json; -- the states
begin
  perform 1 from wallets w
    where w.user_id in (select (t.value->>'u')::int from json_array_elements(p_reqs) t)
    order by w.user_id for update; -- one placement of a player at a time
  with req as (
    select t.ordinality::int as n, (t.value->>'u')::int as u, t.value->'picks' as picks, t.value->>'key' as key, t.value->>'hash' as hash,
      t.value->>'same' as same
      from json_array_elements(p_reqs) with ordinality t
  ), picks as (
    select r.n, r.u, x.* from req r
     cross join lateral json_to_recordset(r.picks) as x(i int, match_id int, odds_type int, outcome_id int, special text, live boolean)
  ), claim as (
    insert into idempotency_keys (user_id, key, call, reply, request_hash)
    select r.u, r.key, 'createCoupon', 'null'::jsonb, r.hash from req r join wallets w on w.user_id = r.u where r.key is not null
    on conflict do nothing returning user_id
  ), m as (
    -- lateral with limit 1: one index probe per pick, whatever the planner guesses of the picks
    select x.n, json_build_object('i', x.i, 'status', r.status, 'bet_status', r.bet_status, 'active', r.active, 'match_date', r.match_date,
                                  'min_tip', r.min_tip, 'name', r.name, 'stake_limit', r.stake_limit) as j
      from picks x cross join lateral (
      select m.status, m.bet_status, m.active, m.match_date, m.min_tip, m.stake_limit, h.name || ' - ' || a.name as name
        from matches m join teams h on h.id = m.home_id join teams a on a.id = m.away_id
       where m.id = x.match_id limit 1) r
  ), o as (
    select x.n, json_build_object('i', x.i, 'group_active', r.group_active, 'outcome_active', r.outcome_active, 'odd', r.odd) as j
      from picks x cross join lateral (
      select g.active as group_active, o.active as outcome_active, o.odd
        from odds_groups g join outcomes o on o.group_id = g.id
       where not x.live and g.match_id = x.match_id and g.odds_type = x.odds_type and g.special = x.special and o.outcome_id = x.outcome_id
       limit 1 for share of o) r
  ), e as (
    -- the coupon's status by its key, once per tip: as a join, plans made with a new site's
    -- statistics read every waiting coupon for each tip
    select x.n, json_build_object('i', x.i, 'staked', r.staked) as j from picks x cross join lateral (
      select sum(t.stake)::int8 as staked
        from coupon_tips t
       where t.user_id = x.u and t.match_id = x.match_id and t.odds_type = x.odds_type
         and t.outcome_id = x.outcome_id and t.special = x.special
         and (select c.status from coupons c where c.id = t.coupon_id) = 0) r
     where r.staked is not null
  ), claimed as (
    select user_id, count(*)::int as n from claim group by user_id
  )
  select json_agg(case when w.user_id is null then null else json_build_object(
    'user', json_build_object('currency', u.currency, 'staketype', u.staketype, 'limits', u.limits, 'balance', w.balance),
    'claimed', coalesce((select c.n from claimed c where c.user_id = r.u), 0),
    'prior', (select json_build_object('reply', k.reply, 'hash', k.request_hash) from idempotency_keys k where k.user_id = r.u and k.key = r.key),
    'matches', (select coalesce(json_agg(m.j), '[]') from m where m.n = r.n),
    'odds', (select coalesce(json_agg(o.j), '[]') from o where o.n = r.n),
    'exposure', (select coalesce(json_agg(e.j), '[]') from e where e.n = r.n),
    'same', (select count(*)::int from coupons c where c.user_id = r.u and c.picks_hash = r.same and c.status = 0)
  ) end order by r.n) into v_out
    from req r left join users u on u.id = r.u left join wallets w on w.user_id = u.id; -- one statement for all players
  return v_out; --
end $$;
