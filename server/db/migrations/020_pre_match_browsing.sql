-- Pre-match browsing: keyword search, highlights, short codes and match results.
-- Every filter of the lists runs on an index; nothing is searched in a loop.

-- Trigram indexes serve the keyword search's ILIKE '%word%' (PGlite loads the extension too).
create extension if not exists pg_trgm;

-- The searchable text of a match (home, away, league), kept on the row so one trigram index
-- answers a keyword over every match; a trigger fills it, so matches inserted by any part
-- (demo seed, live catalogue) are searchable without knowing about it.
alter table matches add column if not exists search_text text not null default '';
update matches m set search_text = h.name || ' ' || a.name || ' ' || t.title
  from teams h, teams a, tournaments t
 where h.id = m.home_id and a.id = m.away_id and t.id = m.tournament_id;

-- Highlight weight: 0 = not a highlight; a league's weight is inherited by its new matches, and a
-- match may be weighted on its own (a derby). Highlights list matches with a weight above 0.
alter table tournaments add column if not exists highlight smallint not null default 0;
alter table matches add column if not exists highlight smallint not null default 0;

-- matches_fill_derived: server/db/functions/matches_fill_derived.sql (its current definition; server/db/migrate.ts creates it before and after these files)
create trigger matches_fill_derived before insert or update of home_id, away_id, tournament_id on matches
  for each row execute function matches_fill_derived();

create index if not exists matches_search_trgm_idx on matches using gin (search_text gin_trgm_ops);
create index if not exists matches_category_date_idx on matches (category_id, match_date);
create index if not exists matches_highlight_date_idx on matches (match_date) where highlight > 0;

-- The short code a player types from a printed bulletin: 5 digits from a permutation of the id
-- (7919 is prime to 90000, so ids 1..90000 map to distinct codes 10000..99999); later ids get
-- their block number in front, so a code is unique for ever and never reused for another match.
alter table matches add column if not exists short_code text generated always as (
  case when id <= 90000 then (10000 + ((id - 1) % 90000) * 7919 % 90000)::text
       else ((id - 1) / 90000)::text || lpad((((id - 1) % 90000) * 7919 % 90000)::text, 5, '0') end
) stored;
create unique index if not exists matches_short_code_idx on matches (short_code);

-- The result of a match, for the Results screen and for settlement. Scores are null until known;
-- ht is the half-time (or first period) score. status: 'ended', 'cancelled', 'interrupted' ...
-- (the vocabulary of match statuses); goals holds the goal events ([{ minute, team: 'home'|'away' }]).
create table if not exists match_results (
  match_id int primary key references matches(id) on delete cascade,
  ft_home int,
  ft_away int,
  ht_home int,
  ht_away int,
  corners_home int,
  corners_away int,
  cards_home int,
  cards_away int,
  status text not null default 'ended',
  goals jsonb not null default '[]',
  updated_at timestamptz not null default now()
);
