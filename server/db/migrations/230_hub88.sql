-- Hub88 (docs/hub88.md): a game aggregator's studios become providers under one aggregator row
-- (casino_providers.parent_id: the wallet's identity, whose transaction ids are unique across all its
-- studios), Hub88's own data of each game (hub88_games), the free rounds granted from the back
-- office (hub88_rewards), the game-list syncs (hub88_syncs), and three rules of the wallet that a
-- protocol turns on per call (casino_wallet_apply, now server/db/functions/casino_wallet_apply.sql):
--   free:    a bet that moves no money (a free round, or a bet of nothing): no debit, no dealer-limit
--            stake, no jackpot contribution, no ledger row; its round's win is booked as ledger kind
--            'bonus' (bonus money, counted apart from payouts by the dealers' cut-off); its rollback
--            gives nothing back.
--   anygame: the call may name any game of the provider (live lobbies switch games in one session);
--            the round is that game's. An empty game or currency (a rollback carries neither) is the token's.
--   refbet:  a win names its bet: a bet never seen or of another player is TRANSACTION_NOT_FOUND, a bet
--            rolled back (or a rollback's tombstone) TRANSACTION_ROLLED_BACK.
-- A repeat of a bet that was rolled back since is refused as rolled back (it was answered with
-- its first reply before, which no longer holds). A rollback rolls its round back when no bet of it stands any more (the same as bet_total = 0 when
-- every bet moved money). A transaction's currency is the session's.
--
-- The migration runner splits scripts on a semicolon at the end of a line, so inside the bodies
-- every statement's semicolon is followed by a comment on the same line.

alter table casino_providers add column if not exists parent_id int references casino_providers(id);
-- no secret_env: Hub88's keys are its own configuration (HUB88_PUBLIC_KEY, HUB88_PRIVATE_KEY), not a shared secret
insert into casino_providers (code, name, logo, protocol, launch_url, secret_env, frameable, status, list_order)
  values ('hub88', 'Hub88', '', 'hub88', '', '', 1, 1, 1000)
on conflict (code) do nothing;

alter table casino_transactions add column if not exists free smallint not null default 0;

-- Hub88's own data of a synced game: its id, what the lobby does not show, and whether Hub88 still
-- lists it enabled (available). hidden: the sync disabled the game because Hub88 stopped offering it,
-- and enables it again when Hub88 does (a game the operator disabled stays disabled).
create table if not exists hub88_games (
  game_id int primary key references casino_games(id),
  hub88_id bigint,
  game_code text not null unique,
  category text not null default '',
  studio text not null default '',
  url_thumb text not null default '',
  url_background text not null default '',
  platforms text[] not null default '{}',
  blocked_countries text[] not null default '{}',
  freebet_support boolean not null default false,
  available boolean not null default true,
  hidden boolean not null default false,
  synced_at timestamptz not null
);

-- The free rounds granted to a player from the back office through Hub88's Freebets API; amounts
-- in minor units, Hub88's reply kept as it came.
create table if not exists hub88_rewards (
  id bigserial primary key,
  reward_uuid text unique,
  user_id int not null references users(id),
  game_id int not null references casino_games(id),
  prepaid_uuid text not null,
  currency text not null,
  bet_value bigint not null,
  bet_count int not null,
  start_time timestamptz,
  end_time timestamptz,
  status text not null default '',
  reply jsonb not null default '{}',
  operator_reference text not null,
  -- the back office's Idempotency-Key: a repeated grant answers the first
  idem_key text unique,
  created_by int references users(id),
  created_at timestamptz not null
);
create index if not exists hub88_rewards_user on hub88_rewards (user_id, id);

-- Each game-list sync: when, by whom (null: the schedule), what it found and changed, or its error.
create table if not exists hub88_syncs (
  id bigserial primary key,
  started_at timestamptz not null,
  finished_at timestamptz,
  by_user int references users(id),
  games int not null default 0,
  added int not null default 0,
  updated int not null default 0,
  hidden int not null default 0,
  error text not null default ''
);

-- casino_wallet_apply: server/db/functions/casino_wallet_apply.sql (its current definition; server/db/migrate.ts creates it before and after these files)
