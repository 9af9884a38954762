-- Trading (server/trading): fixtures made by hand in the back office, their per-match
-- stake limit, the live betting settings (odd types shown live per sport, IP permissions) and the
-- outbox through which their price and suspension changes reach the feed.

-- manual: made in the back office. The live catalogue writes only rows of the feed (live_active = 1)
-- and the simulator numbers its matches from FEED_ID_BASE, so a hand-made match is never touched.
alter table matches add column if not exists manual boolean not null default false;
-- The most a player may have riding on one tip of this match (minor units); 0: the site's default
-- (SLIP_CONSTANTS.betTotalPerTip). createCoupon's matchStakeLimit refusal reads it.
alter table matches add column if not exists stake_limit bigint not null default 0 check (stake_limit >= 0);

-- Odd types shown live per sport; a sport without a row shows every type (the feed's own set).
create table if not exists live_odd_types (
  sport_id int primary key,
  odds_types int[] not null,
  updated_at timestamptz not null default now()
);

-- IP permissions of live betting: address ranges (canonical CIDR, IPv4 or IPv6) allowed or denied.
create table if not exists live_ip_rules (
  id serial primary key,
  cidr text not null unique,
  action text not null check (action in ('allow', 'deny')),
  note text not null default '',
  created_by int references users(id),
  created_at timestamptz not null default now()
);

-- Wire changes of trading actions (domain/protocol/feed.ts FeedChange[]), written in the action's
-- transaction: the feed leader publishes them in order on the feed's own path (hub and bus), so a
-- change made through any process reaches every open app, and only once it committed.
create table if not exists trading_feed_outbox (
  id bigserial primary key,
  changes jsonb not null,
  created_at timestamptz not null default now()
);

-- coupon_place_read_batch: server/db/functions/coupon_place_read_batch.sql (its current definition; server/db/migrate.ts creates it before and after these files)
