-- Ticket liability: the win of a shop terminal's ticket is owed to whoever holds the
-- ticket, not to the next customer at the kiosk. Settlement still books it as a 'win' on the
-- terminal's ledger (payouts of the dealer's cut-off), then moves it out of the till at once
-- (ledger kind 'ticketHold'; a correction gives it back first, 'ticketRelease'), into this journal:
-- the liability account of the terminal, one row per movement, append-only. What a ticket is owed
-- is the sum of its rows; paying it (kiosk voucher or shop counter) writes the closing 'pay' row
-- under the coupon's lock, so the till is never touched by a redemption and its whole balance is
-- spendable cash.
create table retail_liability (
  id bigserial primary key,
  terminal_id int not null references users(id),
  coupon_id bigint not null references coupons(id),
  amount bigint not null check (amount <> 0),
  kind text not null check (kind in ('hold', 'release', 'pay')),
  created_at timestamptz not null
);
create index retail_liability_coupon_idx on retail_liability (coupon_id);
create index retail_liability_terminal_idx on retail_liability (terminal_id, created_at);
