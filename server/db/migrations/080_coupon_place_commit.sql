-- Coupon placement's write step with its ledger debit in one statement (server/betting/create-coupon.ts).
-- Why: the write, the wallet update and the ledger row were three round trips after the read; now
-- they are one, sent together with the COMMIT (server/db/pg.ts queryAndCommit).
--
-- The migration runner splits scripts on a semicolon at the end of a line, so inside the bodies
-- every statement's semicolon is followed by a comment on the same line.

-- The SQL twin of postLedger (server/wallet/ledger.ts), for writes that happen inside a database
-- function: the same conditional update (the balance never goes below zero) and its immutable
-- ledger row. A debit the balance cannot cover changes nothing and raises SQLSTATE BT001
-- ('insufficient credit'), which aborts the caller's transaction.
create or replace function ledger_post(p_user int, p_amount int8, p_kind text, p_ref_type text, p_ref_id bigint)
returns int8 language plpgsql volatile as $$
declare
  v_balance int8; -- the balance after the move
begin
  if p_amount = 0 then raise exception 'ledger amount must be a non-zero integer'; end if; --
  update wallets set balance = balance + p_amount where user_id = p_user and balance + p_amount >= 0
  returning balance into v_balance; --
  if v_balance is null then raise exception 'insufficient credit' using errcode = 'BT001'; end if; --
  insert into ledger (user_id, amount, balance_after, kind, ref_type, ref_id) values (p_user, p_amount, v_balance, p_kind, p_ref_type, p_ref_id); --
  return v_balance; --
end $$;

-- coupon_place_write (migration 011) and then the stake's debit: the coupon, its tips, the
-- Idempotency-Key's reply and one 'bet' ledger row of -total_stake referring to the coupon.
-- Returns the coupon id; raises BT001 when the balance cannot cover the stake.
create or replace function coupon_place_commit(p_user int, p_coupon json, p_tips json, p_reply jsonb, p_key text)
returns bigint language plpgsql volatile as $$
declare
  v_id bigint; -- the new coupon
begin
  v_id := coupon_place_write(p_user, p_coupon, p_tips, p_reply, p_key); --
  perform ledger_post(p_user, -((p_coupon->>'total_stake')::int8), 'bet', 'coupon', v_id); --
  return v_id; --
end $$;
