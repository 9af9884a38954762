-- Casino (account-platform.md sections 2, 3, 7): providers, games per product, game
-- sessions (launch tokens), the seamless-wallet transactions providers send, rounds, jackpot pools.
-- Products (masterServiceId): 4 live casino, 5 slots, 6 virtual, 7 TV games, 8 bingo.

-- A provider: its wallet protocol module (server/casino/protocols/<protocol>.ts), the base URL of
-- its launch page, and the env variable holding the shared secret of its signatures.
create table if not exists casino_providers (
  id serial primary key,
  code text not null unique,
  name text not null,
  logo text not null default '',
  protocol text not null default 'demo',
  launch_url text not null default '',
  secret_env text not null default '',
  frameable smallint not null default 1,
  status smallint not null default 1,
  list_order int not null default 100
);

create table if not exists casino_categories (
  id serial primary key,
  product smallint not null,
  title text not null,
  list_order int not null default 100,
  unique (product, title)
);

-- A game of a product. `code` is the provider's game code (the wallet calls name it); extras is
-- the spec's JSON text; limits the limit tables of a live table; rtp in hundredths of a percent.
create table if not exists casino_games (
  id serial primary key,
  provider_id int not null references casino_providers(id),
  product smallint not null check (product between 4 and 8),
  category_id int references casino_categories(id),
  code text not null,
  title text not null,
  logo text not null default '',
  extras text not null default '{}',
  limits jsonb not null default '[]',
  open_lobby smallint not null default 0,
  fun smallint not null default 1,
  rtp int not null default 0,
  status smallint not null default 1,
  list_order int not null default 100,
  unique (provider_id, code)
);
create index if not exists casino_games_list on casino_games (product, status, list_order, id);

-- A launch token: bound to user, game and currency, short-lived for bets (wins and rollbacks are
-- accepted after it expired, as providers settle late). Fun sessions have no user money.
create table if not exists casino_sessions (
  token text primary key,
  user_id int references users(id),
  game_id int not null references casino_games(id),
  currency text not null,
  fun smallint not null default 0,
  limit_id int,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index if not exists casino_sessions_user on casino_sessions (user_id, created_at);

-- A round of a provider: open until the provider closes it (round_closed) or it is rolled back.
-- status 0 open, 1 closed, 2 rolled back.
create table if not exists casino_rounds (
  id bigserial primary key,
  provider_id int not null references casino_providers(id),
  round_ref text not null,
  user_id int not null references users(id),
  game_id int not null references casino_games(id),
  product smallint not null,
  status smallint not null default 0,
  bet_total bigint not null default 0,
  win_total bigint not null default 0,
  created_at timestamptz not null,
  closed_at timestamptz,
  unique (provider_id, round_ref)
);
create index if not exists casino_rounds_open on casino_rounds (created_at) where status = 0;

-- Every wallet transaction a provider sent, processed once: (provider, tx_ref) is unique. The
-- body hash tells a repeat (same body: the stored reply) from a clash (another body: duplicate).
-- kind bet, win, rollback; state 0 done, 1 rolled back, 2 a rollback's tombstone of a transaction
-- never seen (a late bet with that id is refused).
create table if not exists casino_transactions (
  id bigserial primary key,
  provider_id int not null references casino_providers(id),
  tx_ref text not null,
  kind text not null check (kind in ('bet', 'win', 'rollback', 'tombstone')),
  user_id int references users(id),
  round_id bigint references casino_rounds(id),
  ref_tx text,
  amount bigint not null default 0,
  currency text not null default '',
  body_hash text not null,
  reply jsonb not null,
  state smallint not null default 0,
  ledger_id bigint,
  created_at timestamptz not null,
  unique (provider_id, tx_ref)
);
create index if not exists casino_transactions_round on casino_transactions (round_id);

-- The last games a player opened (section 9: last five played).
create table if not exists casino_last_played (
  user_id int not null references users(id),
  game_id int not null references casino_games(id),
  played_at timestamptz not null,
  primary key (user_id, game_id)
);

-- A dealer subtree's casino stakes of a day, against dealers.casino_limit ('casino limits full').
create table if not exists casino_dealer_days (
  dealer_id int not null references users(id),
  day date not null,
  staked bigint not null default 0,
  primary key (dealer_id, day)
);

-- Pool jackpots: the casino tiers grow from contributions taken in each bet's transaction instead
-- of the clock. pool and must_drop in ten-thousandths; must_drop is drawn secretly between seed
-- and cap at each reset and the bet that reaches it wins the tier. contrib_ppm: parts per million
-- of a stake; products: the products whose bets feed it.
alter table jackpots add column if not exists pool bigint;
alter table jackpots add column if not exists cap bigint;
alter table jackpots add column if not exists must_drop bigint;
alter table jackpots add column if not exists contrib_ppm int not null default 0;
alter table jackpots add column if not exists products smallint[] not null default '{}';
alter table jackpots add column if not exists reset_at timestamptz;

create table if not exists jackpot_contributions (
  id bigserial primary key,
  jackpot_id int not null references jackpots(id),
  tx_id bigint not null,
  amount bigint not null,
  created_at timestamptz not null
);
create index if not exists jackpot_contributions_tier on jackpot_contributions (jackpot_id, id);

create table if not exists jackpot_wins (
  id bigserial primary key,
  jackpot_id int not null references jackpots(id),
  user_id int not null references users(id),
  game_id int references casino_games(id),
  pool bigint not null,
  paid bigint not null,
  ledger_id bigint,
  created_at timestamptz not null
);

-- Casino tiers become pools (sports tiers stay on the clock): seed, cap, first must-drop point.
update jackpots set pool = seed, cap = seed * 3, must_drop = seed * 2, contrib_ppm = 3000, products = '{5,6,7,8}', reset_at = started_at
  where grp = 'casino' and tier = 'daily' and pool is null;
update jackpots set pool = seed, cap = seed * 3, must_drop = seed * 2 + seed / 3, contrib_ppm = 2000, products = '{5,6,7,8}', reset_at = started_at
  where grp = 'casino' and tier = 'weekly' and pool is null;
update jackpots set pool = seed, cap = seed * 5, must_drop = seed * 3 + seed / 7, contrib_ppm = 1000, products = '{5,6,7,8}', reset_at = started_at
  where grp = 'casino' and tier = 'mega' and pool is null;
update jackpots set pool = seed, cap = seed * 3, must_drop = seed * 2 - seed / 5, contrib_ppm = 3000, products = '{4}', reset_at = started_at
  where grp = 'livecasino' and tier = 'daily' and pool is null;
