-- The casino game wallet in batches (server/casino/wallet.ts and wallet-queue.ts): the
-- bet, win and rollback calls of several players that arrive together share one transaction and
-- two statements (casino_wallet_lock, then casino_wallet_apply sent with the COMMIT), instead of a
-- transaction and about seven statements each. A lone call is a batch of one.
--
-- The migration runner splits scripts on a semicolon at the end of a line, so inside the bodies
-- every statement's semicolon is followed by a comment on the same line.

-- Step 1: the players of the calls' tokens, their wallets locked in player order (every money move
-- of a player waits here: one lock per player, so two batches wait for each other instead of
-- deadlocking), and whether each has anything for the protection rules to check (limits, pending
-- changes, blocks). p_tokens: a JSON array of tokens. Returns [{u, g}] in the tokens' order (u null
-- for an unknown token). A wallet held elsewhere more than 5 s fails the batch with 55P03 (the
-- queue then runs each call alone).
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

-- Step 2: every call of the batch in order, each as the rules of server/casino/wallet.ts say: a
-- transaction id is processed once (same body: the stored reply; another body or kind: duplicate,
-- a rollback's tombstone: rolled back); the token's session must be a player's, of this provider,
-- game and currency; a bet needs a live token, an active player, no protection refusal (decided
-- by the caller from the state read after step 1: p_calls[].deny), room under every dealer's casino
-- limit of the day, an open round of its player and the money; a win needs the player's open round,
-- a rollback refunds a bet of an open round without a win (an unknown bet gets a tombstone). A
-- refused call writes nothing. Every move is a wallet update and its ledger row; a bet's jackpot
-- contributions (tiers of its product and currency) are rows folded later (jackpot-pools.ts).
-- p_calls: [{op, p, tok, tx, ref, rnd, closed, game, cur, amt, hash, deny, now (ms)}]; p_refs: the ledger
-- ref_type of each product ({"4": "livecasino", ...}); p_pool_per_minor: pool units per minor unit.
-- Returns per call {reply: {code, balance, currency, txId}, u, round, contributed, win: {game, amount, bet, product}}.
create or replace function casino_wallet_apply(p_calls json, p_refs json, p_pool_per_minor int)
returns json language plpgsql volatile
set jit = off set plan_cache_mode = force_generic_plan set lock_timeout = '5s' as $$
declare
  c json; -- the call
  v_out json[] := '{}'; -- the results
  v_res json; -- this call's result
  v_code text; -- a refusal
  v_bal bigint; -- balance after
  v_id bigint; -- our transaction id
  v_old record; -- a transaction seen before
  s record; -- the session
  r record; -- a round
  x record; -- a referenced transaction
  v_now timestamptz; -- the call's time
  v_day date; -- the dealers' day (UTC)
  v_amt bigint; -- amount
  v_contrib int; -- contribution rows
  v_ref text; -- ledger ref_type
  v_round bigint; -- a rollback's round
  v_dealers int[]; -- the dealers above a bettor with a casino limit
  v_seq regclass := pg_get_serial_sequence('casino_transactions', 'id')::regclass; -- our transaction ids
begin
  for c in select t.value from json_array_elements(p_calls) t loop
    v_code := null; -- next call
    v_res := null; -- next call
    v_dealers := null; -- next call
    v_amt := (c->>'amt')::bigint; -- minor units
    v_now := to_timestamp((c->>'now')::float8 / 1000); --
    v_day := (v_now at time zone 'UTC')::date; --
    select t.kind, t.body_hash, t.reply into v_old from casino_transactions t where t.provider_id = (c->>'p')::int and t.tx_ref = c->>'tx'; --
    if found then
      if v_old.kind = 'tombstone' then v_code := 'TRANSACTION_ROLLED_BACK'; -- a rollback came first
      elsif v_old.body_hash <> c->>'hash' or v_old.kind <> c->>'op' then v_code := 'DUPLICATE_TRANSACTION'; -- a clash
      else v_res := json_build_object('reply', v_old.reply); -- a repeat: the first reply
      end if; --
      v_out := v_out || coalesce(v_res, json_build_object('reply', json_build_object('code', v_code))); --
      continue; --
    end if; --
    select ss.user_id, ss.game_id, ss.currency, ss.fun, ss.expires_at, g.code, g.product, g.provider_id, u.status as user_status, w.balance into s
      from casino_sessions ss join casino_games g on g.id = ss.game_id left join users u on u.id = ss.user_id left join wallets w on w.user_id = ss.user_id
     where ss.token = c->>'tok'; -- the wallet is locked (step 1): its balance holds until this call moves it
    if not found or s.user_id is null or s.fun <> 0 or s.provider_id <> (c->>'p')::int then v_code := 'INVALID_TOKEN'; -- not a player's of this provider
    elsif s.code <> c->>'game' then v_code := 'WRONG_GAME'; --
    elsif s.currency <> c->>'cur' then v_code := 'WRONG_CURRENCY'; --
    end if; --
    if v_code is null and c->>'op' = 'bet' then
      if not (v_amt > 0) then v_code := 'BAD_REQUEST'; --
      elsif s.expires_at <= v_now then v_code := 'TOKEN_EXPIRED'; -- wins and rollbacks are taken after it
      elsif s.user_status = 0 then v_code := 'ACCOUNT_CLOSED'; -- set passive: bets no more
      elsif c->>'deny' is not null then v_code := c->>'deny'; -- the player's protection
      elsif coalesce(s.balance, 0) < v_amt then
        v_out := v_out || json_build_object('reply', json_build_object('code', 'INSUFFICIENT_FUNDS', 'balance', coalesce(s.balance, 0))); --
        continue; --
      end if; --
      if v_code is null then
        -- 'casino limits full': each dealer above the player with a casino limit takes at most that much stake a day
        select array_agg(d.user_id order by d.user_id) into v_dealers from user_tree t join dealers d on d.user_id = t.ancestor_id
         where t.descendant_id = s.user_id and d.casino_limit > 0; --
        if v_dealers is not null then
          insert into casino_dealer_days (dealer_id, day, staked) select unnest(v_dealers), v_day, 0 on conflict (dealer_id, day) do nothing; --
          perform 1 from casino_dealer_days dd where dd.day = v_day and dd.dealer_id = any(v_dealers)
            order by dd.dealer_id for update; -- the day's stakes of the player's dealers, read after the other bets of the day
          if exists (select 1 from casino_dealer_days dd join dealers d on d.user_id = dd.dealer_id
                      where dd.day = v_day and dd.dealer_id = any(v_dealers) and dd.staked + v_amt > d.casino_limit) then
            v_code := 'CASINO_LIMIT_FULL'; --
          end if; --
        end if; --
      end if; --
      if v_code is null then
        -- the round, new or added to; a round closed, rolled back or of another player takes no bet (and is left as it is)
        insert into casino_rounds (provider_id, round_ref, user_id, game_id, product, bet_total, created_at)
          values ((c->>'p')::int, c->>'rnd', s.user_id, s.game_id, s.product, v_amt, v_now)
          on conflict (provider_id, round_ref) do update set bet_total = casino_rounds.bet_total + excluded.bet_total
          where casino_rounds.status = 0 and casino_rounds.user_id = excluded.user_id
          returning id into r; --
        if not found then v_code := 'ROUND_CLOSED'; end if; --
      end if; --
      if v_code is null then
        if v_dealers is not null then
          update casino_dealer_days dd set staked = dd.staked + v_amt where dd.dealer_id = any(v_dealers) and dd.day = v_day; --
        end if; --
        v_ref := p_refs->>(s.product::text); --
        update wallets set balance = balance - v_amt where user_id = s.user_id returning balance into v_bal; --
        insert into ledger (user_id, amount, balance_after, kind, ref_type, ref_id) values (s.user_id, -v_amt, v_bal, 'bet', v_ref, r.id); --
        v_id := nextval(v_seq); --
        insert into jackpot_contributions (jackpot_id, tx_id, amount, created_at)
          select j.id, v_id, (v_amt * p_pool_per_minor * j.contrib_ppm) / 1000000, v_now from jackpots j
           where j.status = 1 and j.pool is not null and s.product = any(j.products) and j.contrib_ppm > 0 and j.currency = s.currency
             and (v_amt * p_pool_per_minor * j.contrib_ppm) / 1000000 > 0; --
        get diagnostics v_contrib = row_count; --
        v_res := json_build_object('code', 'OK', 'balance', v_bal, 'currency', s.currency, 'txId', v_id::text); --
        insert into casino_transactions (id, provider_id, tx_ref, kind, ref_tx, amount, currency, body_hash, reply, user_id, round_id, created_at)
          values (v_id, (c->>'p')::int, c->>'tx', 'bet', c->>'ref', v_amt, c->>'cur', c->>'hash', v_res::jsonb, s.user_id, r.id, v_now); --
        v_out := v_out || json_build_object('reply', v_res, 'u', s.user_id, 'round', r.id, 'contributed', v_contrib > 0); --
        continue; --
      end if; --
    elsif v_code is null and c->>'op' = 'win' then
      if not (v_amt >= 0) then v_code := 'BAD_REQUEST'; end if; --
      if v_code is null then
        -- the player's open round takes the win (and is closed when the provider says so)
        update casino_rounds set win_total = win_total + v_amt, status = case when (c->>'closed')::boolean then 1 else status end,
               closed_at = case when (c->>'closed')::boolean then v_now else closed_at end
         where provider_id = (c->>'p')::int and round_ref = c->>'rnd' and user_id = s.user_id and status = 0
         returning id, bet_total, game_id, product into r; --
        if not found then
          select rr.status, rr.user_id into x from casino_rounds rr where rr.provider_id = (c->>'p')::int and rr.round_ref = c->>'rnd'; --
          if not found or x.user_id <> s.user_id then v_code := 'TRANSACTION_NOT_FOUND'; --
          elsif x.status = 2 then v_code := 'TRANSACTION_ROLLED_BACK'; --
          else v_code := 'ROUND_CLOSED'; --
          end if; --
        end if; --
      end if; --
      if v_code is null then
        if v_amt > 0 then
          update wallets set balance = balance + v_amt where user_id = s.user_id returning balance into v_bal; --
          insert into ledger (user_id, amount, balance_after, kind, ref_type, ref_id) values (s.user_id, v_amt, v_bal, 'win', p_refs->>(r.product::text), r.id); --
        else
          v_bal := s.balance; -- unchanged
        end if; --
        v_id := nextval(v_seq); --
        v_res := json_build_object('code', 'OK', 'balance', coalesce(v_bal, 0), 'currency', s.currency, 'txId', v_id::text); --
        insert into casino_transactions (id, provider_id, tx_ref, kind, ref_tx, amount, currency, body_hash, reply, user_id, round_id, created_at)
          values (v_id, (c->>'p')::int, c->>'tx', 'win', c->>'ref', v_amt, c->>'cur', c->>'hash', v_res::jsonb, s.user_id, r.id, v_now); --
        v_out := v_out || json_build_object('reply', v_res, 'u', s.user_id, 'round', r.id,
          'win', case when v_amt > 0 then json_build_object('game', r.game_id, 'amount', v_amt, 'bet', r.bet_total, 'product', r.product) end); --
        continue; --
      end if; --
    elsif v_code is null then
      -- rollback of reference transaction c.ref
      if coalesce(c->>'ref', '') = '' then v_code := 'BAD_REQUEST'; end if; --
      if v_code is null then
        select t.id, t.kind, t.amount, t.state, t.round_id, t.user_id into x from casino_transactions t
         where t.provider_id = (c->>'p')::int and t.tx_ref = c->>'ref' for update; --
        v_round := x.round_id; -- the round the answer names
        if not found then
          -- never seen: a tombstone under that id, so the bet arriving late is refused (and never charged)
          insert into casino_transactions (provider_id, tx_ref, kind, user_id, body_hash, reply, state, created_at)
            values ((c->>'p')::int, c->>'ref', 'tombstone', s.user_id, '', '{}', 2, v_now); --
        elsif x.user_id is distinct from s.user_id then v_code := 'TRANSACTION_NOT_FOUND'; --
        elsif x.kind = 'tombstone' or x.state = 1 then v_round := x.round_id; -- done before: the same answer
        elsif x.kind <> 'bet' or x.round_id is null then v_code := 'BAD_REQUEST'; --
        else
          select rr.id, rr.status, rr.win_total, rr.bet_total, rr.product into r from casino_rounds rr where rr.id = x.round_id for update; --
          -- after the round's win (or once it is closed) the bet stands: the outcome is known
          if not found or r.status = 1 or r.win_total > 0 then v_code := 'ROUND_CLOSED'; --
          else
            update wallets set balance = balance + x.amount where user_id = s.user_id returning balance into v_bal; --
            insert into ledger (user_id, amount, balance_after, kind, ref_type, ref_id) values (s.user_id, x.amount, v_bal, 'refund', p_refs->>(r.product::text), r.id); --
            update casino_transactions set state = 1 where id = x.id; --
            update casino_rounds set bet_total = bet_total - x.amount, status = case when bet_total - x.amount = 0 then 2 else status end,
                   closed_at = case when bet_total - x.amount = 0 then v_now else closed_at end where id = r.id; --
          end if; --
        end if; --
      end if; --
      if v_code is null then
        select w.balance into v_bal from wallets w where w.user_id = s.user_id; --
        v_res := json_build_object('code', 'OK', 'balance', coalesce(v_bal, 0), 'currency', s.currency); --
        insert into casino_transactions (provider_id, tx_ref, kind, ref_tx, amount, currency, body_hash, reply, user_id, round_id, created_at)
          values ((c->>'p')::int, c->>'tx', 'rollback', c->>'ref', v_amt, c->>'cur', c->>'hash', v_res::jsonb, s.user_id, v_round, v_now); --
        v_out := v_out || json_build_object('reply', v_res, 'u', s.user_id); --
        continue; --
      end if; --
    end if; --
    v_out := v_out || json_build_object('reply', json_build_object('code', v_code)); -- refused: nothing written
  end loop; --
  return array_to_json(v_out); --
end $$;
