-- The operator's catalogue: sports, countries, leagues and teams get names per language
-- (names: {"de": "Fußball"}; the plain name/title column is the English fallback), a logo (an image
-- address), a list order and a status (1 active, 0 passive: a passive country or league lists no
-- match). Odd types, outcomes, groups, filter tabs, list and live types, quarter-line hiding and the
-- football league order of live sorting are one document per key in catalogue_config (defaults
-- in domain/catalogue/markets.ts); the revision tells every process to reload it.
alter table sports add column if not exists names jsonb not null default '{}';
alter table sports add column if not exists logo text not null default '';

alter table categories add column if not exists names jsonb not null default '{}';
alter table categories add column if not exists logo text not null default '';
alter table categories add column if not exists status smallint not null default 1;
alter table categories add column if not exists list_order int not null default 100;

alter table tournaments add column if not exists names jsonb not null default '{}';
alter table tournaments add column if not exists logo text not null default '';
alter table tournaments add column if not exists status smallint not null default 1;

alter table teams add column if not exists names jsonb not null default '{}';
alter table teams add column if not exists logo text not null default '';
alter table teams add column if not exists status smallint not null default 1;

-- Merges look teams and leagues up by sport; the lists search by name.
create index if not exists teams_sport_name_idx on teams (sport_id, name);
create index if not exists matches_home_idx on matches (home_id);
create index if not exists matches_away_idx on matches (away_id);

create table if not exists catalogue_config (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null
);
create table if not exists catalogue_rev (
  id int primary key check (id = 1),
  rev bigint not null
);
insert into catalogue_rev (id, rev) values (1, 0) on conflict (id) do nothing;
