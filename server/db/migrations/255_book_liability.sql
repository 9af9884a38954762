-- The book's liability (server/trading/liability.ts, domain/trading/liability.ts): per outcome of
-- a market (match, odds type, special, outcome), the stakes of waiting coupons riding on it and
-- what the house pays if it wins, singles and combinations apart. Not the shop tickets' liability
-- of migrations 192-193 (what a terminal owes the holder of a won ticket): that one is money owed,
-- this one is exposure.
--
-- Kept incrementally by triggers, so every path that changes a coupon counts (placement, sell,
-- cancel, settlement, a correction or a back-office 'set waiting' that reopens one): a tip written
-- for a waiting coupon adds its figures, a coupon leaving status 0 takes its tips' figures away,
-- one coming back to 0 adds them again. The triggers only append to book_liability_delta (no row
-- is updated, so placements on one popular outcome never wait for each other's locks); the
-- leader folds the deltas into book_liability every second (book_liability_fold), and a read sums
-- both, so it is exact whatever the fold's timing.
--
-- win_pay: what the house pays on the coupon if this tip wins (domain/trading/liability.ts
-- legPayouts), written by placement. Null on tips written before this migration or without
-- placement (demo seed): the coupon's max_pay stands in, exact for TK and KK, an upper bound for
-- CK and SK.
alter table coupon_tips add column win_pay bigint;

create table book_liability (
  match_id int not null,
  odds_type int not null,
  special text not null,
  outcome_id int not null,
  single_stake bigint not null default 0,
  single_pay bigint not null default 0,
  combo_stake bigint not null default 0,
  combo_pay bigint not null default 0,
  tips int not null default 0,
  primary key (match_id, odds_type, special, outcome_id)
);
create index book_liability_empty_idx on book_liability (match_id) where tips = 0;

create table book_liability_delta (
  id bigserial primary key,
  match_id int not null,
  odds_type int not null,
  special text not null,
  outcome_id int not null,
  single_stake bigint not null,
  single_pay bigint not null,
  combo_stake bigint not null,
  combo_pay bigint not null,
  tips int not null
);

-- A tip's figures with a sign: +1 when it starts riding, -1 when its coupon stops waiting.
create or replace function book_liability_rows(p_tips bigint[], p_sign int)
returns void language sql volatile as $$
  insert into book_liability_delta (match_id, odds_type, special, outcome_id, single_stake, single_pay, combo_stake, combo_pay, tips)
  select t.match_id, t.odds_type, t.special, t.outcome_id,
         p_sign * case when c.ticket_type = 'TK' then t.stake else 0 end,
         p_sign * case when c.ticket_type = 'TK' then coalesce(t.win_pay, c.max_pay) else 0 end,
         p_sign * case when c.ticket_type = 'TK' then 0 else t.stake end,
         p_sign * case when c.ticket_type = 'TK' then 0 else coalesce(t.win_pay, c.max_pay) end,
         p_sign
    from coupon_tips t join coupons c on c.id = t.coupon_id
   where t.id = any(p_tips)
$$;

create or replace function book_liability_tips_added() returns trigger language plpgsql as $$
begin
  perform book_liability_rows(array(select n.id from new_tips n join coupons c on c.id = n.coupon_id where c.status = 0), 1); --
  return null; --
end $$;

create or replace function book_liability_tips_removed() returns trigger language plpgsql as $$
begin
  -- the coupon row is still there (coupon_tips references it): a waiting one's tips stop riding
  insert into book_liability_delta (match_id, odds_type, special, outcome_id, single_stake, single_pay, combo_stake, combo_pay, tips)
  select t.match_id, t.odds_type, t.special, t.outcome_id,
         - case when c.ticket_type = 'TK' then t.stake else 0 end,
         - case when c.ticket_type = 'TK' then coalesce(t.win_pay, c.max_pay) else 0 end,
         - case when c.ticket_type = 'TK' then 0 else t.stake end,
         - case when c.ticket_type = 'TK' then 0 else coalesce(t.win_pay, c.max_pay) end,
         -1
    from old_tips t join coupons c on c.id = t.coupon_id where c.status = 0; --
  return null; --
end $$;

create or replace function book_liability_coupons_moved() returns trigger language plpgsql as $$
begin
  perform book_liability_rows(array(
    select t.id from new_c n join old_c o on o.id = n.id join coupon_tips t on t.coupon_id = n.id where o.status = 0 and n.status <> 0), -1); --
  perform book_liability_rows(array(
    select t.id from new_c n join old_c o on o.id = n.id join coupon_tips t on t.coupon_id = n.id where o.status <> 0 and n.status = 0), 1); --
  return null; --
end $$;

create trigger coupon_tips_liability_added after insert on coupon_tips
  referencing new table as new_tips for each statement execute function book_liability_tips_added();
create trigger coupon_tips_liability_removed after delete on coupon_tips
  referencing old table as old_tips for each statement execute function book_liability_tips_removed();
create trigger coupons_liability_moved after update on coupons
  referencing old table as old_c new table as new_c for each statement execute function book_liability_coupons_moved();

-- Folds the deltas into the totals: the rows deleted are exactly those this transaction sees, so
-- a delta committed meanwhile waits for the next fold. Keys in order, so two folds never deadlock.
-- Returns how many outcomes changed.
create or replace function book_liability_fold() returns int language plpgsql volatile as $$
declare
  v_n int; -- outcomes changed
begin
  with d as (
    delete from book_liability_delta returning *
  ), s as (
    select match_id, odds_type, special, outcome_id, sum(single_stake) as ss, sum(single_pay) as sp, sum(combo_stake) as cs, sum(combo_pay) as cp, sum(tips)::int as n
      from d group by match_id, odds_type, special, outcome_id
  )
  insert into book_liability (match_id, odds_type, special, outcome_id, single_stake, single_pay, combo_stake, combo_pay, tips)
  select * from s order by match_id, odds_type, special, outcome_id
  on conflict (match_id, odds_type, special, outcome_id) do update set
    single_stake = book_liability.single_stake + excluded.single_stake, single_pay = book_liability.single_pay + excluded.single_pay,
    combo_stake = book_liability.combo_stake + excluded.combo_stake, combo_pay = book_liability.combo_pay + excluded.combo_pay,
    tips = book_liability.tips + excluded.tips; --
  get diagnostics v_n = row_count; --
  delete from book_liability where tips = 0; --
  return v_n; --
end $$;

-- The placement's write with each tip's win_pay; otherwise migration 120's function as it was.
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
    insert into coupon_tips (coupon_id, user_id, match_id, odds_type, outcome_id, special, odd, banko, ttype, stake, win_pay)
    select w.id, w.u, x.match_id, x.odds_type, x.outcome_id, x.special, x.odd, x.banko, x.ttype, x.stake, x.win_pay
      from w cross join lateral jsonb_to_recordset(w.v->'tips') as x(match_id int, odds_type int, outcome_id int, special text, odd int, banko smallint, ttype text, stake int8, win_pay int8)
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

-- The coupons already waiting.
select book_liability_rows(array(select t.id from coupon_tips t join coupons c on c.id = t.coupon_id where c.status = 0), 1);
select book_liability_fold();
