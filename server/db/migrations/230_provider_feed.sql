-- A provider's odds feed (server/feed/uof/: the Unified Odds Feed): the one table that maps the
-- provider's ids to ours, the state of each producer's recovery, the messages already applied
-- (settlement exactly once whatever the redeliveries), the feed's settlement of each market, and
-- the provider's market descriptions with their names per language.

-- Provider id -> our id, by kind: sport (sr:sport:1), country (sr:category:46), league
-- (sr:tournament:52), team (sr:competitor:3061), match (sr:match:123), market (the market id: our
-- odds type), outcome ('14:1711': our outcome id). A merge in the back office moves its rows.
create table if not exists provider_ids (
  provider text not null,
  kind text not null,
  ext_id text not null,
  our_id int not null,
  created_at timestamptz not null default now(),
  primary key (provider, kind, ext_id)
);
create index if not exists provider_ids_ours_idx on provider_ids (kind, our_id);
-- Outcome ids that are not numbers (players, variants) get ours from here, above every catalogue id.
create sequence if not exists provider_outcome_seq start 1000000;

-- Each producer's recovery: the timestamp recovery asks from (the last alive heard while
-- subscribed and up), the request in flight and its state.
create table if not exists feed_producers (
  provider text not null,
  id int not null,
  name text not null default '',
  state text not null default 'down' check (state in ('down', 'recovering', 'up')),
  last_alive_ts bigint,
  recovery_request_id bigint,
  recovery_after bigint,
  recovery_started_at bigint,
  -- the leader's health figures, written every few seconds so every process can show them
  last_alive_at bigint,
  messages_per_sec real not null default 0,
  lag_ms int,
  updated_at timestamptz not null default now(),
  primary key (provider, id)
);

-- Stateful messages (settlements, cancels and their rollbacks) already applied, by identity.
create table if not exists feed_inbox (
  provider text not null,
  key text not null,
  kind text not null,
  event_id text not null,
  processed_at timestamptz not null default now(),
  primary key (provider, key)
);

-- The feed's settlement of each market of a match (our odds type and special): settled outcomes
-- with their factors, and cancel windows. A match's result version is built from all its rows.
create table if not exists feed_market_results (
  match_id int not null,
  market_key text not null,
  outcomes jsonb not null default '{}',
  cancels jsonb not null default '[]',
  certainty smallint,
  updated_ts bigint not null,
  primary key (match_id, market_key)
);

-- The feed's matches: which producer sends their odds, what bet status the feed wants, and
-- whether a producer going down stopped them (reopened after its recovery).
create table if not exists feed_events (
  match_id int primary key,
  provider text not null,
  event_id text not null,
  producer int,
  feed_bet_status text not null default 'started',
  suspended boolean not null default false,
  last_ts bigint not null default 0,
  unique (provider, event_id)
);
create index if not exists feed_events_producer_idx on feed_events (producer) where suspended;

-- The provider's market descriptions as odd types (names and outcome names per language, with the
-- specifier templates as sent, and the bet-stop groups): every process reads them beside the
-- operator's catalogue (server/catalogue/markets.ts), which wins where it names a type.
create table if not exists provider_market_types (
  odds_type int primary key,
  provider text not null,
  names jsonb not null default '{}',
  outcomes jsonb not null default '{}',
  groups text[] not null default '{}',
  updated_at timestamptz not null default now()
);
