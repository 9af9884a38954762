-- The built-in demo provider's state in the database (server/casino/demo-provider/), so
-- that it works behind several server processes: a launch page's calls may reach any of them.
-- A session of the provider: one per launch token (the operator's token), with the provably fair
-- seeds of its slot spins (server seed, client seed, nonce) and the balance of fun mode.
create table if not exists demo_provider_sessions (
  token text primary key,
  id text not null,
  game text not null,
  fun boolean not null,
  limit_id int,
  fun_balance bigint not null default 0 check (fun_balance >= 0),
  currency text not null,
  server_seed text not null,
  client_seed text not null,
  nonce int not null default 0,
  created_at timestamptz not null
);
create index if not exists demo_provider_sessions_created on demo_provider_sessions (created_at);

-- The bets of a session in a round of a timed game (roulette, keno, football, bingo), paid when
-- the round's result is known by whichever process sees it first (the wallet takes a win's
-- transaction id once, so two processes paying the same round pay it once).
create table if not exists demo_provider_bets (
  game text not null,
  round bigint not null,
  token text not null references demo_provider_sessions(token) on delete cascade,
  bets jsonb not null,
  result_at timestamptz not null,
  settled boolean not null default false,
  primary key (game, round, token)
);
create index if not exists demo_provider_bets_due on demo_provider_bets (result_at) where not settled;
