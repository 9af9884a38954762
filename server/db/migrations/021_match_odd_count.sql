-- The number of outcomes of a match (the list row's oddCount, shown as '+N'), kept on the match so
-- a list does not count every outcome of every row it shows. Statement-level triggers keep it
-- right whoever writes the odds (demo seed, live catalogue, back office), one update per statement.
alter table matches add column if not exists odd_count int not null default 0;
update matches m set odd_count = x.n
  from (select g.match_id, count(*)::int as n from odds_groups g join outcomes o on o.group_id = g.id group by g.match_id) x
 where x.match_id = m.id;

-- Functions on one line: the migration runner splits statements on a semicolon at a line end.
create or replace function outcomes_count_added() returns trigger language plpgsql as $$ begin update matches m set odd_count = m.odd_count + x.n from (select g.match_id, count(*)::int as n from new_rows o join odds_groups g on g.id = o.group_id group by g.match_id) x where m.id = x.match_id; return null; end $$;
create or replace function outcomes_count_removed() returns trigger language plpgsql as $$ begin update matches m set odd_count = greatest(0, m.odd_count - x.n) from (select g.match_id, count(*)::int as n from old_rows o join odds_groups g on g.id = o.group_id group by g.match_id) x where m.id = x.match_id; return null; end $$;
-- A deleted group takes its outcomes with it (cascade, which runs first: its trigger name sorts
-- before ours), so the groups' matches are counted again from what is left.
create or replace function odds_groups_recount() returns trigger language plpgsql as $$ begin update matches m set odd_count = (select count(*)::int from odds_groups g join outcomes o on o.group_id = g.id where g.match_id = m.id) where m.id in (select distinct match_id from old_rows); return null; end $$;

create trigger outcomes_count_added after insert on outcomes referencing new table as new_rows
  for each statement execute function outcomes_count_added();
create trigger outcomes_count_removed after delete on outcomes referencing old table as old_rows
  for each statement execute function outcomes_count_removed();
create trigger odds_groups_recount after delete on odds_groups referencing old table as old_rows
  for each statement execute function odds_groups_recount();
