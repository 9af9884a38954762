-- Ticket liability, part 2.
--
-- 1. Expired unclaimed wins: a winning ticket not paid by its expiry is written off once by the
--    leader's hourly job (server/retail/liability.ts writeOffExpired): its liability is closed with
--    an 'expire' row and the amount goes to the shop (the terminal's dealer) as ledger kind
--    'ticketUnclaimed', audited ('ticketUnclaimed').
-- 2. Wins settled before migration 192 and not yet paid (nor expired) are still in the terminal's
--    till, so the next customer at the kiosk could stake them. They move into the liability exactly
--    as settlement does now: a 'ticketHold' ledger row out of the till and a 'hold' liability row of
--    the win. The balance never goes below zero: a till that no longer holds the whole win (it was
--    spent) gives what it has, oldest ticket first; the ticket holder is still owed the whole win
--    (the liability row), and what the till could not give is recorded in retail_liability_shortfall
--    for the shop to make good (the shop report's 'shortfall'). Idempotent: only tickets without a
--    liability row are moved (this file can be run again and moves nothing).

alter table retail_liability drop constraint if exists retail_liability_kind_check;
alter table retail_liability add constraint retail_liability_kind_check check (kind in ('hold', 'release', 'pay', 'expire'));

create table if not exists retail_liability_shortfall (
  coupon_id bigint primary key references coupons(id),
  terminal_id int not null references users(id),
  owed bigint not null check (owed > 0),
  held bigint not null check (held >= 0),
  shortfall bigint not null check (shortfall > 0),
  created_at timestamptz not null
);
create index if not exists retail_liability_shortfall_terminal_idx on retail_liability_shortfall (terminal_id, created_at);

with owed as (
  select t.coupon_id, t.terminal_id, c.income::bigint as win
    from retail_tickets t join coupons c on c.id = t.coupon_id
   where c.status = 1 and c.shop_paid_at is null and c.income > 0 and t.expires_at >= now()
     and not exists (select 1 from retail_liability l where l.coupon_id = t.coupon_id)
),
running as (
  select o.*, coalesce(w.balance, 0) as till,
         coalesce(sum(o.win) over (partition by o.terminal_id order by o.coupon_id rows between unbounded preceding and 1 preceding), 0) as before_wins
    from owed o left join wallets w on w.user_id = o.terminal_id
),
alloc as (
  select coupon_id, terminal_id, win, till,
         greatest(0, least(win, till - before_wins)) as held
    from running
),
placed as (
  select a.*, a.till - coalesce(sum(a.held) over (partition by a.terminal_id order by a.coupon_id), 0) as balance_after from alloc a
),
ledger_rows as (
  insert into ledger (user_id, amount, balance_after, kind, ref_type, ref_id, created_at)
  select terminal_id, -held, balance_after, 'ticketHold', 'coupon', coupon_id, now() from placed where held > 0 order by terminal_id, coupon_id
  returning 1
),
tills as (
  update wallets w set balance = w.balance - s.held
    from (select terminal_id, sum(held) as held from placed group by terminal_id) s
   where w.user_id = s.terminal_id and s.held > 0
  returning 1
),
journal as (
  insert into retail_liability (terminal_id, coupon_id, amount, kind, created_at)
  select terminal_id, coupon_id, win, 'hold', now() from placed
  returning 1
)
insert into retail_liability_shortfall (coupon_id, terminal_id, owed, held, shortfall, created_at)
select coupon_id, terminal_id, win, held, win - held, now() from placed where held < win
on conflict (coupon_id) do nothing;
