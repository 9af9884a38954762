-- The book's liability (server/trading/liability.ts, domain/trading/liability.ts): per outcome of
-- a market (match, odds type, special, outcome), the stakes of waiting coupons riding on it and
-- what the house pays if it wins, singles and combinations apart. Not the shop tickets' liability
-- of migrations 192-193 (what a terminal owes the holder of a won ticket): that one is money owed,
-- this one is exposure.
--
-- Kept incrementally by triggers, so every path that changes a coupon counts (placement, sell,
-- cancel, settlement, a correction or a back-office 'set waiting' that reopens one): a tip written
-- for a waiting coupon adds its figures, a coupon leaving status 0 takes its tips' figures away,
-- one coming back to 0 adds them again. The triggers only append to book_liability_delta (no row
-- is updated, so placements on one popular outcome never wait for each other's locks); the
-- leader folds the deltas into book_liability every second (book_liability_fold), and a read sums
-- both, so it is exact whatever the fold's timing.
--
-- win_pay: what the house pays on the coupon if this tip wins (domain/trading/liability.ts
-- legPayouts), written by placement. Null on tips written before this migration or without
-- placement (demo seed): the coupon's max_pay stands in, exact for TK and KK, an upper bound for
-- CK and SK.
alter table coupon_tips add column win_pay bigint;

create table book_liability (
  match_id int not null,
  odds_type int not null,
  special text not null,
  outcome_id int not null,
  single_stake bigint not null default 0,
  single_pay bigint not null default 0,
  combo_stake bigint not null default 0,
  combo_pay bigint not null default 0,
  tips int not null default 0,
  primary key (match_id, odds_type, special, outcome_id)
);
create index book_liability_empty_idx on book_liability (match_id) where tips = 0;

create table book_liability_delta (
  id bigserial primary key,
  match_id int not null,
  odds_type int not null,
  special text not null,
  outcome_id int not null,
  single_stake bigint not null,
  single_pay bigint not null,
  combo_stake bigint not null,
  combo_pay bigint not null,
  tips int not null
);

create trigger coupon_tips_liability_added after insert on coupon_tips
  referencing new table as new_tips for each statement execute function book_liability_tips_added();
create trigger coupon_tips_liability_removed after delete on coupon_tips
  referencing old table as old_tips for each statement execute function book_liability_tips_removed();
create trigger coupons_liability_moved after update on coupons
  referencing old table as old_c new table as new_c for each statement execute function book_liability_coupons_moved();

-- The coupons already waiting.
select book_liability_rows(array(select t.id from coupon_tips t join coupons c on c.id = t.coupon_id where c.status = 0), 1);
select book_liability_fold();
