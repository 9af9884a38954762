-- The casino game wallet in batches (server/casino/wallet.ts), step 1: the players of the calls'
-- tokens, their wallets locked in player order (every money move of a player waits here: one lock
-- per player, so two batches wait for each other instead of deadlocking), and whether each has
-- anything for the protection rules to check (limits, pending changes, blocks). p_tokens: a JSON
-- array of tokens. Returns [{u, g}] in the tokens' order (u null for an unknown token). A wallet
-- held elsewhere more than 5 s fails the batch with 55P03 (the queue then runs each call alone).
create or replace function casino_wallet_lock(p_tokens json)
returns json language plpgsql volatile
set enable_seqscan = off set jit = off set plan_cache_mode = force_generic_plan set lock_timeout = '5s' as $$
declare
  v_out json; -- [{u, g}]
begin
  perform 1 from wallets w
    where w.user_id in (select s.user_id from casino_sessions s where s.token in (select t.value from json_array_elements_text(p_tokens) t))
    order by w.user_id for update; -- one money move of a player at a time
  select coalesce(json_agg(json_build_object('u', s.user_id, 'g',
           s.user_id is not null and (exists (select 1 from protection_limits l where l.user_id = s.user_id)
             or exists (select 1 from protection_pending p where p.user_id = s.user_id)
             or exists (select 1 from protection_blocks b where b.user_id = s.user_id))) order by t.ordinality), '[]'::json)
    into v_out
    from json_array_elements_text(p_tokens) with ordinality t left join casino_sessions s on s.token = t.value; -- in order
  return v_out; --
end $$;
