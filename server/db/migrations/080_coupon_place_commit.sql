-- Coupon placement's write step with its ledger debit in one statement (server/betting/create-coupon.ts).
-- Why: the write, the wallet update and the ledger row were three round trips after the read; now
-- they are one, sent together with the COMMIT (server/db/pg.ts queryAndCommit).
--
-- The migration runner splits scripts on a semicolon at the end of a line, so inside the bodies
-- every statement's semicolon is followed by a comment on the same line.

-- ledger_post: server/db/functions/ledger_post.sql (its current definition; server/db/migrate.ts creates it before and after these files)

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
