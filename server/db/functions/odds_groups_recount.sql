-- A deleted group takes its outcomes with it (cascade, which runs first: its trigger name sorts
-- before ours), so the groups' matches are counted again from what is left.
create or replace function odds_groups_recount() returns trigger language plpgsql as $$
begin
  update matches m set odd_count = (select count(*)::int from odds_groups g join outcomes o on o.group_id = g.id where g.match_id = m.id)
   where m.id in (select distinct match_id from old_rows); --
  return null; --
end $$;
