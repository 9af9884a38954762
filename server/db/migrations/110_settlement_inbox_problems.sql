-- Settlement review fixes (exactly once, never a missed coupon).

-- Results waiting for the settlement loop. A trigger on each results table puts the match here in
-- the writer's own transaction, so the entry becomes visible exactly when the result does: a
-- result committed late (its transaction began before others that committed first, or it carries
-- an old timestamp) is still read, which an in-memory `updated_at > mark` watermark could not
-- promise. The loop deletes an entry only when its seq is still the one it read, so a result
-- rewritten while it was being settled is settled again on the next tick. Being a table, what is
-- waiting also survives a restart.
create sequence settlement_inbox_seq;
create table settlement_inbox (
  -- 'pre' (match_results) or 'live' (live_results)
  source text not null,
  match_id int not null,
  seq bigint not null,
  primary key (source, match_id)
);
create index settlement_inbox_seq_idx on settlement_inbox (seq);

-- settlement_inbox_touch: server/db/functions/settlement_inbox_touch.sql (its current definition; server/db/migrate.ts creates it before and after these files)

create trigger match_results_settlement_inbox after insert or update on match_results
  for each row execute function settlement_inbox_touch('pre');
create trigger live_results_settlement_inbox after insert or update on live_results
  for each row execute function settlement_inbox_touch('live');

-- Results stored before this migration: the old loop read everything again at each start, so
-- queue them once; settling a result already settled changes nothing.
insert into settlement_inbox (source, match_id, seq) select 'pre', match_id, nextval('settlement_inbox_seq') from match_results;
insert into settlement_inbox (source, match_id, seq) select 'live', match_id, nextval('settlement_inbox_seq') from live_results;

-- Coupons settlement could not book (a correction's reversal above the wallet balance, a coupon
-- the rulebook cannot read). Kept here, and retried by the settlement loop until it settles, so a
-- coupon never keeps a wrong payout silently. At most one open row per coupon.
create table settlement_problems (
  id bigserial primary key,
  coupon_id bigint not null references coupons(id),
  -- The match whose run first met the problem (the retry settles against every latest result).
  match_id int,
  reason text not null,
  attempts int not null default 1,
  created_at timestamptz not null default now(),
  last_tried_at timestamptz not null default now(),
  resolved_at timestamptz,
  -- 'settled' (a retry booked it) or 'closed' (the coupon was sold or cancelled meanwhile).
  resolution text
);
create unique index settlement_problems_open_idx on settlement_problems (coupon_id) where resolved_at is null;
