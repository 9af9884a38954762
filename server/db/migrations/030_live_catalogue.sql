-- Live fixtures from the feed become catalogue rows, so a coupon tip on a live match references a
-- real matches row (teams, date, sport) and can be settled later from the stored result.
-- Feed-side ids of countries, leagues and teams are kept in feed_id: they are not the serial ids
-- of the demo catalogue and must not collide with them. Live matches keep their own feed id as
-- matches.id (the feed numbers them from FEED_ID_BASE, far above the serial range).
alter table categories add column if not exists feed_id int;
create unique index if not exists categories_feed_idx on categories (feed_id);
alter table tournaments add column if not exists feed_id int;
create unique index if not exists tournaments_feed_idx on tournaments (feed_id);
alter table teams add column if not exists feed_id int;
create unique index if not exists teams_feed_idx on teams (feed_id);

-- The final result of a live match as the feed reported it, for settlement and the results page.
create table if not exists live_results (
  match_id int primary key references matches(id) on delete cascade,
  sport_id int not null,
  at timestamptz not null,
  periods jsonb not null,
  result jsonb not null
);
