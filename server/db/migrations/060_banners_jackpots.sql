-- Home content (account-platform.md sections 3 and 7): banners by display state and the jackpots.

-- A banner of the spec's Banner entity. display_state says where it shows: Home 12 (top carousel)
-- and 1 (second strip), slots 3, live casino and TV games 10, others 9, 4, 19. `url` is the image
-- file: the app loads it from {site_api}/yib/{url}, or same-origin /banners/{url} when site_api is
-- empty. `link` is where a tap goes: '' none, a page of the app without the language ('livebets')
-- or an https address.
create table if not exists banners (
  id serial primary key,
  name text not null,
  filename text not null default '',
  url text not null,
  title text not null default '',
  link text not null default '',
  width int not null default 1170,
  height int not null default 420,
  type smallint not null default 0,
  display_state int not null,
  lang text not null default '',
  status smallint not null default 1,
  list_order int not null default 100
);
create index if not exists banners_by_state on banners (display_state, status, list_order);

-- A jackpot tier. Amounts are integer ten-thousandths of the currency unit (the display has 4
-- decimals). The balance now is seed + rate_per_sec * seconds since the current period began;
-- periods run back to back from started_at (period_sec 0: one period that never ends). The
-- balance is computed, not written by a ticker, so every server process agrees without a job.
create table if not exists jackpots (
  id serial primary key,
  grp text not null,
  tier text not null,
  currency text not null default 'TRY',
  seed bigint not null,
  rate_per_sec bigint not null,
  period_sec int not null default 0,
  started_at timestamptz not null,
  light smallint not null default 0,
  status smallint not null default 1,
  unique (grp, tier)
);

-- Demo banners (SVG files in public/banners); the operator replaces them in the back office.
insert into banners (name, filename, url, title, link, display_state, list_order) values
  ('welcome', 'home-welcome.svg', 'home-welcome.svg', '%100 Hoş Geldin Bonusu', 'promotions', 12, 1),
  ('live', 'home-live.svg', 'home-live.svg', 'Canlı Bahis', 'livebets', 12, 2),
  ('combo', 'home-combo.svg', 'home-combo.svg', 'Kombine Sigortası', 'promotions', 12, 3),
  ('cashback', 'home-cashback.svg', 'home-cashback.svg', '%25 Kayıp Bonusu', 'promotions', 1, 1),
  ('slots', 'slots-spins.svg', 'slots-spins.svg', 'Slot Turnuvası', '', 3, 1),
  ('livecasino', 'livecasino-tables.svg', 'livecasino-tables.svg', 'Canlı Casino', '', 10, 1);

-- Jackpot tiers of the spec: casino daily, weekly, mega; sports prematch, live; live casino daily.
-- Daily tiers reset every day, weekly and prematch every week, mega every 30 days.
insert into jackpots (grp, tier, seed, rate_per_sec, period_sec, started_at, light) values
  ('casino', 'daily', 50000000, 2315, 86400, '2026-01-01T00:00:00Z', 0),
  ('casino', 'weekly', 500000000, 1653, 604800, '2026-01-01T00:00:00Z', 0),
  ('casino', 'mega', 10000000000, 5021, 2592000, '2026-01-01T00:00:00Z', 1),
  ('sports', 'prematch', 250000000, 1237, 604800, '2026-01-01T00:00:00Z', 0),
  ('sports', 'live', 75000000, 1853, 86400, '2026-01-01T00:00:00Z', 1),
  ('livecasino', 'daily', 40000000, 1519, 86400, '2026-01-01T00:00:00Z', 0)
on conflict (grp, tier) do nothing;
