-- A result stored or corrected queues its match for settlement (tg_argv[0]: 'pre' or 'live');
-- a match already queued moves to the end.
create or replace function settlement_inbox_touch() returns trigger language plpgsql as $$
begin
  insert into settlement_inbox (source, match_id, seq) values (tg_argv[0], new.match_id, nextval('settlement_inbox_seq'))
    on conflict (source, match_id) do update set seq = excluded.seq; --
  return new; --
end $$;
