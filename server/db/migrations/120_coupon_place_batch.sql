-- Coupon placement in batches (server/betting/placement-queue.ts): the placements of several
-- players that arrive together share one transaction, one read statement and one write statement,
-- instead of a transaction and two statements each. Per placement, the work is that of
-- coupon_place_read and coupon_place_commit (migrations 011 and 080), which these replace: a lone
-- placement is a batch of one (server/betting/create-coupon.ts placeAlone). The statements work on
-- all the batch's rows at once, so the statement overhead is paid once per batch, not per coupon.
--
-- The migration runner splits scripts on a semicolon at the end of a line, so inside the bodies
-- every statement's semicolon is followed by a comment on the same line.

-- One index for a player's waiting coupons, for the open-coupon count (user_id, status) and the
-- same-coupon count (all three columns). With two indexes leading with (user_id, status), plans
-- made with the statistics of a new site (few coupons, no column statistics) took the shorter one
-- and read every waiting coupon of the player to compare the hash.
drop index coupons_user_status_idx;
drop index coupons_user_picks_idx;
create index coupons_user_status_picks_idx on coupons (user_id, status, picks_hash);

-- Step 1: coupon_place_read for several players in two statements, whatever their
-- number. p_reqs: [{ u, picks, key, hash, same }], at most one per player (the queue guarantees
-- it: a second placement of a player must read what the first wrote). First the wallets are
-- locked, in player order, so two batches running at once wait for each other instead of
-- deadlocking; then, with a snapshot taken after the locks (a VOLATILE function takes one per
-- statement), the keys are claimed and everything else read as coupon_place_read does. Returns
-- the states in the order of p_reqs, each as coupon_place_read returns it (null for an unknown player).
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
    select t.ordinality::int as n, (t.value->>'u')::int as u, t.value->'picks' as picks, t.value->>'key' as key, t.value->>'hash' as hash, t.value->>'same' as same
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
                                  'min_tip', r.min_tip, 'name', r.name) as j
      from picks x cross join lateral (
      select m.status, m.bet_status, m.active, m.match_date, m.min_tip, h.name || ' - ' || a.name as name
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

-- The ledger's rule in SQL (the twin of server/wallet/ledger.ts postLedger), for several wallets
-- in two statements: each balance moves by its amount only if it stays at zero or above, and
-- each move gets its immutable ledger row with the balance after it. One move per user (a second
-- one would need the first one's balance); any move that cannot be made (no wallet, not enough
-- credit) raises BT001 and, raised, rolls the caller's transaction back with every other move.
-- Replaces ledger_post (migration 080), which did one move in two statements of its own.
create or replace function ledger_post_many(p_users int[], p_amounts int8[], p_kind text, p_ref_type text, p_ref_ids bigint[])
returns void language plpgsql volatile
set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off set jit = off set plan_cache_mode = force_generic_plan as $$
declare
  v_moved int; -- the ledger rows written
begin
  if cardinality(p_amounts) <> cardinality(p_users) or cardinality(p_ref_ids) <> cardinality(p_users) then
    raise exception 'ledger_post_many: one amount and one reference per user'; --
  end if; --
  if exists (select 1 from unnest(p_amounts) a where a is null or a = 0) then
    raise exception 'ledger amount must be a non-zero integer'; --
  end if; --
  if (select count(distinct u) from unnest(p_users) u) <> cardinality(p_users) then
    raise exception 'ledger_post_many: one move per user'; --
  end if; --
  with m as (
    select x.u, x.amount, x.ref_id, x.n from unnest(p_users, p_amounts, p_ref_ids) with ordinality as x(u, amount, ref_id, n)
  ), w as (
    update wallets w set balance = w.balance + m.amount from m
     where w.user_id = m.u and w.balance + m.amount >= 0
    returning w.user_id, w.balance
  )
  insert into ledger (user_id, amount, balance_after, kind, ref_type, ref_id)
  select m.u, m.amount, w.balance, p_kind, p_ref_type, m.ref_id from m join w on w.user_id = m.u order by m.n; --
  get diagnostics v_moved = row_count; --
  if v_moved <> cardinality(p_users) then raise exception 'insufficient credit' using errcode = 'BT001'; end if; --
end $$;

-- Step 2: coupon_place_commit for several players in a few statements, whatever
-- their number: the coupons (their ids drawn first, so each write knows its own), their tips, the
-- Idempotency-Keys' replies with the new ticketId, the stakes' debits (ledger_post_many above:
-- the one SQL home of the ledger's rule), and the keys of refused placements given back (a lone
-- placement's rollback does that). p_writes: [{ u, coupon, tips, reply, key }] with coupon and
-- tips as coupon_place_write (migration 011) takes them; p_release: [{ u, key }]. Returns the
-- coupon ids in the order of p_writes. A debit the balance cannot cover raises BT001 and rolls
-- back the whole batch (the caller then places each coupon alone).
create or replace function coupon_place_commit_batch(p_writes json, p_release json)
returns bigint[] language plpgsql volatile
set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off set jit = off set plan_cache_mode = force_generic_plan as $$
declare
  v_ids bigint[]; -- the new coupons, in the order of p_writes
  v_users int[]; -- their players
  v_debits int8[]; -- and their stakes, as debits
begin
  with w as (
    select t.ordinality::int as n, nextval(pg_get_serial_sequence('coupons', 'id')) as id, (t.value->>'u')::int as u, t.value as v
      from jsonb_array_elements(p_writes::jsonb) with ordinality t
  ), c as (
    insert into coupons (id, user_id, ticket_type, is_live, total_stake, ticket_stake, total_odds, max_pay, bonus_percent, total_tickets, system_combi, created_at, picks_hash)
    select w.id, w.u, x.ticket_type, x.is_live, x.total_stake, x.ticket_stake, x.total_odds, x.max_pay, x.bonus_percent, x.total_tickets, x.system_combi, x.created_at, x.picks_hash
      from w cross join lateral jsonb_to_record(w.v->'coupon') as x(ticket_type text, is_live smallint, total_stake int8, ticket_stake int8, total_odds numeric,
                                                                   max_pay int8, bonus_percent int, total_tickets int, system_combi text, created_at timestamptz, picks_hash text)
    returning id, total_stake
  ), t as (
    insert into coupon_tips (coupon_id, user_id, match_id, odds_type, outcome_id, special, odd, banko, ttype, stake)
    select w.id, w.u, x.match_id, x.odds_type, x.outcome_id, x.special, x.odd, x.banko, x.ttype, x.stake
      from w cross join lateral jsonb_to_recordset(w.v->'tips') as x(match_id int, odds_type int, outcome_id int, special text, odd int, banko smallint, ttype text, stake int8)
  ), k as (
    update idempotency_keys k set reply = (w.v->'reply') || jsonb_build_object('ticketId', w.id)
      from w where w.v->>'key' is not null and k.user_id = w.u and k.key = w.v->>'key'
  )
  select array_agg(w.id order by w.n), array_agg(w.u order by w.n), array_agg(-c.total_stake order by w.n) into v_ids, v_users, v_debits
    from w join c on c.id = w.id; --
  if v_ids is not null then
    perform ledger_post_many(v_users, v_debits, 'bet', 'coupon', v_ids); --
  end if; --
  delete from idempotency_keys k using json_to_recordset(p_release) as x(u int, key text)
   where k.user_id = x.u and k.key = x.key and k.reply = 'null'::jsonb; --
  return coalesce(v_ids, '{}'); --
end $$;

-- Replaced by the two above.
drop function coupon_place_commit(int, json, json, jsonb, text);
drop function coupon_place_write(int, json, json, jsonb, text);
drop function coupon_place_read(int, json, text, text, text);
drop function ledger_post(int, int8, text, text, bigint);
