-- The number of outcomes of a match (the list row's oddCount, shown as '+N'), kept on the match so
-- a list does not count every outcome of every row it shows. Statement-level triggers keep it
-- right whoever writes the odds (demo seed, live catalogue, back office), one update per statement.
alter table matches add column if not exists odd_count int not null default 0;
update matches m set odd_count = x.n
  from (select g.match_id, count(*)::int as n from odds_groups g join outcomes o on o.group_id = g.id group by g.match_id) x
 where x.match_id = m.id;

-- outcomes_count_added: server/db/functions/outcomes_count_added.sql (its current definition; server/db/migrate.ts creates it before and after these files)
-- outcomes_count_removed: server/db/functions/outcomes_count_removed.sql (its current definition; server/db/migrate.ts creates it before and after these files)
-- odds_groups_recount: server/db/functions/odds_groups_recount.sql (its current definition; server/db/migrate.ts creates it before and after these files)

create trigger outcomes_count_added after insert on outcomes referencing new table as new_rows
  for each statement execute function outcomes_count_added();
create trigger outcomes_count_removed after delete on outcomes referencing old table as old_rows
  for each statement execute function outcomes_count_removed();
create trigger odds_groups_recount after delete on odds_groups referencing old table as old_rows
  for each statement execute function odds_groups_recount();
