-- Pool jackpots: bets only insert contribution rows (no bet locks a tier row); the
-- folder adds the unfolded ones to their pools in contribution order (server/casino/jackpot-pools.ts).
alter table jackpot_contributions add column if not exists folded boolean not null default false;
create index if not exists jackpot_contributions_unfolded on jackpot_contributions (jackpot_id, id) where not folded;
