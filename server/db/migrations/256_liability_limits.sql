-- Automatic protection (server/trading/liability-guard.ts): a league's or a match's own liability
-- limits, over the site's (settings liability_market_limit, liability_match_limit). A null limit
-- follows the next level (the match's the league's, the league's the site's); 0 means no limit.
create table liability_limits (
  scope text not null check (scope in ('league', 'match')),
  ref_id int not null,
  market_limit bigint check (market_limit >= 0),
  match_limit bigint check (match_limit >= 0),
  updated_at timestamptz not null default now(),
  primary key (scope, ref_id)
);

-- Placement reads the book of the coupon's matches: the deltas not folded yet by match too.
create index book_liability_delta_match_idx on book_liability_delta (match_id);
