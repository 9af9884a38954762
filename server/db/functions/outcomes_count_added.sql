-- The number of outcomes of a match (the list row's '+N'), kept on the match: outcomes added.
-- A statement-level trigger, one update per statement whoever writes the odds.
create or replace function outcomes_count_added() returns trigger language plpgsql as $$
begin
  update matches m set odd_count = m.odd_count + x.n
    from (select g.match_id, count(*)::int as n from new_rows o join odds_groups g on g.id = o.group_id group by g.match_id) x
   where m.id = x.match_id; --
  return null; --
end $$;
