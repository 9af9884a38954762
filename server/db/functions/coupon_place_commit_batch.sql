-- Coupon placement, step 2, for several players in a few statements, whatever their number: the
-- coupons (their ids drawn first, so each write knows its own), their tips (each with its win_pay, for the book's liability), the Idempotency-Keys'
-- replies with the new ticketId, the stakes' debits (ledger_post_many), and the keys of refused
-- placements given back (a lone placement's rollback does that). p_writes: [{ u, coupon, tips,
-- reply, key }]; p_release: [{ u, key }]. Returns the coupon ids in the order of p_writes. A debit
-- the balance cannot cover raises BT001 and rolls back the whole batch (the caller then places
-- each coupon alone).
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
