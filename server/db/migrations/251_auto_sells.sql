-- Auto cash out: one rule per coupon (sell the whole offer, or `part` of it, once the offer
-- reaches `target`). Every server process watches the feed and may try to fire a rule; the sale
-- runs in one transaction that locks the coupon and this row and sets fired_at, so only one sells.
-- A rule fired by a part may be set again on the coupon that runs on (the row is re-armed).
-- lang: the player's language when the rule was set, for the notice sent when it fires.
create table auto_sells (
  coupon_id bigint primary key references coupons(id),
  user_id int not null references users(id),
  target bigint not null check (target > 0),
  part bigint check (part is null or part > 0),
  lang text not null default 'tr',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  fired_at timestamptz,
  sold_amount bigint
);
create index auto_sells_armed_idx on auto_sells (updated_at) where fired_at is null;
-- A pop-up for one player (the auto cash-out notice); null: for everyone, as before.
alter table popups add column if not exists user_id int references users(id);
create index if not exists popups_user_idx on popups (user_id) where user_id is not null;
