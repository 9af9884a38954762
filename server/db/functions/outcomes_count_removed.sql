-- The number of outcomes of a match, kept on the match: outcomes removed.
create or replace function outcomes_count_removed() returns trigger language plpgsql as $$
begin
  update matches m set odd_count = greatest(0, m.odd_count - x.n)
    from (select g.match_id, count(*)::int as n from old_rows o join odds_groups g on g.id = o.group_id group by g.match_id) x
   where m.id = x.match_id; --
  return null; --
end $$;
