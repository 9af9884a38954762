-- The casino game wallet in batches, step 2 (sent with the COMMIT): every call of the batch in
-- order, each as the rules of server/casino/wallet.ts say: a transaction id is processed once (same
-- body: the stored reply; another body or kind: duplicate; a rollback's tombstone, or a repeat of
-- a bet rolled back since: rolled back); the token's session must be a player's, of this provider
-- (a studio answers to its aggregator), game and currency (an empty game or currency, as a
-- rollback carries, is the token's); a bet needs a live token, an active player, no protection
-- refusal (decided by the caller from the state read after step 1: p_calls[].deny), room under
-- every dealer's casino limit of the day, an open round of its player and the money; a win needs
-- the player's open round; a rollback refunds a bet of an open round without a win (an unknown bet
-- gets a tombstone) and rolls the round back when no bet of it stands any more. A refused call
-- writes nothing. Every move of money is ledger_post's; a bet's jackpot contributions (tiers of
-- its product and currency) are rows folded later (jackpot-pools.ts).
-- Rules a protocol turns on per call:
--   free:    a bet that moves no money (a free round, or a bet of nothing): no debit, no dealer-limit
--            stake, no jackpot contribution, no ledger row; its round's win is booked as ledger kind
--            'bonus' (bonus money, counted apart from payouts by the dealers' cut-off); its rollback
--            gives nothing back.
--   anygame: the call may name any game of the provider (live lobbies switch games in one session);
--            the round is that game's.
--   refbet:  a win names its bet: a bet never seen or of another player is TRANSACTION_NOT_FOUND, a bet
--            rolled back (or a rollback's tombstone) TRANSACTION_ROLLED_BACK.
-- p_calls: [{op, p, tok, tx, ref, rnd, closed, game, cur, amt, hash, deny, free, anygame, refbet, now (ms)}];
-- p_refs: the ledger ref_type of each product ({"4": "livecasino", ...}); p_pool_per_minor: pool
-- units per minor unit. Returns per call {reply: {code, balance, currency, txId}, u, round,
-- contributed, win: {game, amount, bet, product}}.
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
  v_free boolean; -- a free round: no money for the bet, bonus money for the win
  v_game int; -- the round's game (the token's, or the named one in a lobby)
  v_product smallint; -- its product
  v_kind text; -- the win's ledger kind
  v_refund bigint; -- what a rollback gives back
begin
  for c in select t.value from json_array_elements(p_calls) t loop
    v_code := null; -- next call
    v_res := null; -- next call
    v_dealers := null; -- next call
    v_amt := (c->>'amt')::bigint; -- minor units
    v_free := coalesce((c->>'free')::boolean, false); --
    v_now := to_timestamp((c->>'now')::float8 / 1000); --
    v_day := (v_now at time zone 'UTC')::date; --
    select t.kind, t.body_hash, t.reply, t.state into v_old from casino_transactions t where t.provider_id = (c->>'p')::int and t.tx_ref = c->>'tx'; --
    if found then
      if v_old.kind = 'tombstone' then v_code := 'TRANSACTION_ROLLED_BACK'; -- a rollback came first
      elsif v_old.body_hash <> c->>'hash' or v_old.kind <> c->>'op' then v_code := 'DUPLICATE_TRANSACTION'; -- a clash
      elsif v_old.kind = 'bet' and v_old.state = 1 then v_code := 'TRANSACTION_ROLLED_BACK'; -- a repeat of a bet since rolled back: it stands no more
      else v_res := json_build_object('reply', v_old.reply); -- a repeat: the first reply
      end if; --
      v_out := v_out || coalesce(v_res, json_build_object('reply', json_build_object('code', v_code))); --
      continue; --
    end if; --
    select ss.user_id, ss.game_id, ss.currency, ss.fun, ss.expires_at, g.code, g.product, coalesce(pv.parent_id, pv.id) as provider_id,
           u.status as user_status, w.balance into s
      from casino_sessions ss join casino_games g on g.id = ss.game_id join casino_providers pv on pv.id = g.provider_id
      left join users u on u.id = ss.user_id left join wallets w on w.user_id = ss.user_id
     where ss.token = c->>'tok'; -- the wallet is locked (step 1): its balance holds until this call moves it
    -- not a player's of this provider (a studio answers to its aggregator)
    if not found or s.user_id is null or s.fun <> 0 or s.provider_id <> (c->>'p')::int then v_code := 'INVALID_TOKEN'; --
    else
      v_game := s.game_id; --
      v_product := s.product; --
      if coalesce(nullif(c->>'game', ''), s.code) <> s.code then
        -- another game than the token's: in a lobby any game of the provider, else refused
        if coalesce((c->>'anygame')::boolean, false) then
          select gg.id, gg.product into v_game, v_product from casino_games gg join casino_providers pg on pg.id = gg.provider_id
           where gg.code = c->>'game' and coalesce(pg.parent_id, pg.id) = (c->>'p')::int order by gg.id limit 1; --
          if not found then v_code := 'WRONG_GAME'; end if; --
        else
          v_code := 'WRONG_GAME'; --
        end if; --
      end if; --
    end if; --
    if v_code is null and coalesce(nullif(c->>'cur', ''), s.currency) <> s.currency then v_code := 'WRONG_CURRENCY'; end if; --
    if v_code is null and c->>'op' = 'bet' then
      if not (v_amt > 0 or (v_free and v_amt = 0)) then v_code := 'BAD_REQUEST'; --
      elsif s.expires_at <= v_now then v_code := 'TOKEN_EXPIRED'; -- wins and rollbacks are taken after it
      elsif s.user_status = 0 then v_code := 'ACCOUNT_CLOSED'; -- set passive: bets no more
      elsif c->>'deny' is not null then v_code := c->>'deny'; -- the player's protection
      elsif not v_free and coalesce(s.balance, 0) < v_amt then
        v_out := v_out || json_build_object('reply', json_build_object('code', 'INSUFFICIENT_FUNDS', 'balance', coalesce(s.balance, 0))); --
        continue; --
      end if; --
      if v_code is null and not v_free then
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
          values ((c->>'p')::int, c->>'rnd', s.user_id, v_game, v_product, case when v_free then 0 else v_amt end, v_now)
          on conflict (provider_id, round_ref) do update set bet_total = casino_rounds.bet_total + excluded.bet_total
          where casino_rounds.status = 0 and casino_rounds.user_id = excluded.user_id
          returning id into r; --
        if not found then v_code := 'ROUND_CLOSED'; end if; --
      end if; --
      if v_code is null then
        if v_dealers is not null then
          update casino_dealer_days dd set staked = dd.staked + v_amt where dd.dealer_id = any(v_dealers) and dd.day = v_day; --
        end if; --
        v_ref := p_refs->>(v_product::text); --
        v_id := nextval(v_seq); --
        v_contrib := 0; --
        if v_free then
          v_bal := coalesce(s.balance, 0); -- a free round takes nothing: no ledger row, no jackpot contribution
        else
          v_bal := ledger_post(s.user_id, -v_amt, 'bet', v_ref, r.id); --
          if v_bal is null then raise exception 'insufficient credit' using errcode = 'BT001'; end if; -- checked above: the wallet is locked
          insert into jackpot_contributions (jackpot_id, tx_id, amount, created_at)
            select j.id, v_id, (v_amt * p_pool_per_minor * j.contrib_ppm) / 1000000, v_now from jackpots j
             where j.status = 1 and j.pool is not null and v_product = any(j.products) and j.contrib_ppm > 0 and j.currency = s.currency
               and (v_amt * p_pool_per_minor * j.contrib_ppm) / 1000000 > 0; --
          get diagnostics v_contrib = row_count; --
        end if; --
        v_res := json_build_object('code', 'OK', 'balance', v_bal, 'currency', s.currency, 'txId', v_id::text); --
        insert into casino_transactions (id, provider_id, tx_ref, kind, ref_tx, amount, currency, body_hash, reply, user_id, round_id, created_at, free)
          values (v_id, (c->>'p')::int, c->>'tx', 'bet', c->>'ref', v_amt, s.currency, c->>'hash', v_res::jsonb, s.user_id, r.id, v_now,
            case when v_free then 1 else 0 end); --
        v_out := v_out || json_build_object('reply', v_res, 'u', s.user_id, 'round', r.id, 'contributed', v_contrib > 0); --
        continue; --
      end if; --
    elsif v_code is null and c->>'op' = 'win' then
      if not (v_amt >= 0) then v_code := 'BAD_REQUEST'; end if; --
      if v_code is null and coalesce((c->>'refbet')::boolean, false) and coalesce(c->>'ref', '') <> '' then
        -- the win names its bet: a bet never seen (or another player's) takes no win, nor one rolled back
        select t.kind, t.state, t.user_id into x from casino_transactions t where t.provider_id = (c->>'p')::int and t.tx_ref = c->>'ref'; --
        if not found or x.user_id is distinct from s.user_id or x.kind not in ('bet', 'tombstone') then v_code := 'TRANSACTION_NOT_FOUND'; --
        elsif x.kind = 'tombstone' or x.state = 1 then v_code := 'TRANSACTION_ROLLED_BACK'; --
        end if; --
      end if; --
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
          v_kind := case when v_free then 'bonus' else 'win' end; -- a free round's win is bonus money
          v_bal := ledger_post(s.user_id, v_amt, v_kind, p_refs->>(r.product::text), r.id); --
          if v_bal is null then raise exception 'no wallet' using errcode = 'BT001'; end if; --
        else
          v_bal := s.balance; -- unchanged
        end if; --
        v_id := nextval(v_seq); --
        v_res := json_build_object('code', 'OK', 'balance', coalesce(v_bal, 0), 'currency', s.currency, 'txId', v_id::text); --
        insert into casino_transactions (id, provider_id, tx_ref, kind, ref_tx, amount, currency, body_hash, reply, user_id, round_id, created_at, free)
          values (v_id, (c->>'p')::int, c->>'tx', 'win', c->>'ref', v_amt, s.currency, c->>'hash', v_res::jsonb, s.user_id, r.id, v_now,
            case when v_free then 1 else 0 end); --
        v_out := v_out || json_build_object('reply', v_res, 'u', s.user_id, 'round', r.id,
          'win', case when v_amt > 0 then json_build_object('game', r.game_id, 'amount', v_amt, 'bet', r.bet_total, 'product', r.product) end); --
        continue; --
      end if; --
    elsif v_code is null then
      -- rollback of reference transaction c.ref
      if coalesce(c->>'ref', '') = '' then v_code := 'BAD_REQUEST'; end if; --
      if v_code is null then
        select t.id, t.kind, t.amount, t.state, t.round_id, t.user_id, t.free into x from casino_transactions t
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
            v_refund := case when x.free = 1 then 0 else x.amount end; -- a free round took nothing
            if v_refund > 0 then
              v_bal := ledger_post(s.user_id, v_refund, 'refund', p_refs->>(r.product::text), r.id); --
              if v_bal is null then raise exception 'no wallet' using errcode = 'BT001'; end if; --
            end if; --
            update casino_transactions set state = 1 where id = x.id; --
            -- the round is rolled back when no bet of it stands any more
            update casino_rounds set bet_total = bet_total - v_refund,
                   status = case when not exists (select 1 from casino_transactions o where o.round_id = r.id and o.kind = 'bet'
                       and o.state = 0) then 2 else status end,
                   closed_at = case when not exists (select 1 from casino_transactions o where o.round_id = r.id and o.kind = 'bet'
                       and o.state = 0) then v_now else closed_at end
             where id = r.id; --
          end if; --
        end if; --
      end if; --
      if v_code is null then
        select w.balance into v_bal from wallets w where w.user_id = s.user_id; --
        v_res := json_build_object('code', 'OK', 'balance', coalesce(v_bal, 0), 'currency', s.currency); --
        insert into casino_transactions (provider_id, tx_ref, kind, ref_tx, amount, currency, body_hash, reply, user_id, round_id, created_at)
          values ((c->>'p')::int, c->>'tx', 'rollback', c->>'ref', v_amt, s.currency, c->>'hash', v_res::jsonb, s.user_id, v_round, v_now); --
        v_out := v_out || json_build_object('reply', v_res, 'u', s.user_id); --
        continue; --
      end if; --
    end if; --
    v_out := v_out || json_build_object('reply', json_build_object('code', v_code)); -- refused: nothing written
  end loop; --
  return array_to_json(v_out); --
end $$;
