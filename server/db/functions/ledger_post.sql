-- The ledger's rule, its one home: a balance moves only by a conditional update that keeps it at
-- zero or above, together with its immutable ledger row (the balance after it), in the caller's
-- transaction. Returns the balance after the move, or null when the move cannot be made (no
-- wallet, or a debit the balance cannot cover): then nothing changed and the caller's transaction
-- stays usable (server/wallet/ledger.ts postLedger answers insufficient credit; the SQL callers
-- raise BT001). An amount of zero or null is a bug and raises.
create or replace function ledger_post(p_user int, p_amount int8, p_kind text, p_ref_type text, p_ref_id bigint)
returns int8 language plpgsql volatile as $$
declare
  v_balance int8; -- the balance after the move
begin
  if p_amount is null or p_amount = 0 then raise exception 'ledger amount must be a non-zero integer, got %', p_amount; end if; --
  update wallets set balance = balance + p_amount where user_id = p_user and balance + p_amount >= 0
  returning balance into v_balance; --
  if v_balance is null then return null; end if; --
  insert into ledger (user_id, amount, balance_after, kind, ref_type, ref_id) values (p_user, p_amount, v_balance, p_kind, p_ref_type, p_ref_id); --
  return v_balance; --
end $$;
