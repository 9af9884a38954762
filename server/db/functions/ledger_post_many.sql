-- The ledger's rule (ledger_post) for several wallets, for one batch of coupon placements: each
-- move is ledger_post's, in the order given. One move per user (the batch has one placement per
-- player); any move that cannot be made (no wallet, not enough credit) raises BT001 and, raised,
-- rolls the caller's transaction back with every other move.
create or replace function ledger_post_many(p_users int[], p_amounts int8[], p_kind text, p_ref_type text, p_ref_ids bigint[])
returns void language plpgsql volatile
set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off set jit = off set plan_cache_mode = force_generic_plan as $$
declare
  i int; -- the move
begin
  if cardinality(p_amounts) <> cardinality(p_users) or cardinality(p_ref_ids) <> cardinality(p_users) then
    raise exception 'ledger_post_many: one amount and one reference per user'; --
  end if; --
  if (select count(distinct u) from unnest(p_users) u) <> cardinality(p_users) then
    raise exception 'ledger_post_many: one move per user'; --
  end if; --
  for i in 1 .. coalesce(cardinality(p_users), 0) loop
    if ledger_post(p_users[i], p_amounts[i], p_kind, p_ref_type, p_ref_ids[i]) is null then
      raise exception 'insufficient credit' using errcode = 'BT001'; --
    end if; --
  end loop; --
end $$;
