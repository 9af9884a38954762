-- Cash out in parts: every sale of a coupon, whole or a part, is one row here beside its ledger row
-- (kind 'sell'), so the coupon's detail and history list each part. A part keeps the coupon waiting
-- with its stake and potential payout reduced (domain/coupon/sell.ts partialSell); the stake before
-- and after are kept so the detail can say what the player sold. `auto` marks a sale made by the
-- player's auto cash-out rule.
create table coupon_sells (
  id bigserial primary key,
  coupon_id bigint not null references coupons(id),
  amount bigint not null check (amount > 0),
  offer bigint not null check (offer >= amount),
  stake_before bigint not null,
  stake_after bigint not null check (stake_after >= 0),
  whole smallint not null default 1,
  auto smallint not null default 0,
  created_at timestamptz not null
);
create index coupon_sells_coupon_idx on coupon_sells (coupon_id, id);
