-- Trading (server/trading): fixtures made by hand in the back office, their per-match
-- stake limit, the live betting settings (odd types shown live per sport, IP permissions) and the
-- outbox through which their price and suspension changes reach the feed.

-- manual: made in the back office. The live catalogue writes only rows of the feed (live_active = 1)
-- and the simulator numbers its matches from FEED_ID_BASE, so a hand-made match is never touched.
alter table matches add column if not exists manual boolean not null default false;
-- The most a player may have riding on one tip of this match (minor units); 0: the site's default
-- (SLIP_CONSTANTS.betTotalPerTip). createCoupon's matchStakeLimit refusal reads it.
alter table matches add column if not exists stake_limit bigint not null default 0 check (stake_limit >= 0);

-- Odd types shown live per sport; a sport without a row shows every type (the feed's own set).
create table if not exists live_odd_types (
  sport_id int primary key,
  odds_types int[] not null,
  updated_at timestamptz not null default now()
);

-- IP permissions of live betting: address ranges (canonical CIDR, IPv4 or IPv6) allowed or denied.
create table if not exists live_ip_rules (
  id serial primary key,
  cidr text not null unique,
  action text not null check (action in ('allow', 'deny')),
  note text not null default '',
  created_by int references users(id),
  created_at timestamptz not null default now()
);

-- Wire changes of trading actions (domain/protocol/feed.ts FeedChange[]), written in the action's
-- transaction: the feed leader publishes them in order on the feed's own path (hub and bus), so a
-- change made through any process reaches every open app, and only once it committed.
create table if not exists trading_feed_outbox (
  id bigserial primary key,
  changes jsonb not null,
  created_at timestamptz not null default now()
);

-- Placement reads the match's stake limit with its other fields (migration 120's function, one
-- field more: 'stake_limit').
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
