-- A match's search text (its teams' and league's names, for the keyword search's trigram index)
-- and, on insert, the highlight weight its league gives it (a match may also be weighted on its own).
create or replace function matches_fill_derived() returns trigger language plpgsql as $$
begin
  new.search_text := coalesce((select h.name from teams h where h.id = new.home_id), '') || ' '
    || coalesce((select a.name from teams a where a.id = new.away_id), '') || ' '
    || coalesce((select t.title from tournaments t where t.id = new.tournament_id), ''); --
  if tg_op = 'INSERT' then
    new.highlight := greatest(new.highlight, coalesce((select t.highlight from tournaments t where t.id = new.tournament_id), 0)); --
  end if; --
  return new; --
end $$;
