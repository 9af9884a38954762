-- Catalogue: sports, countries (categories), leagues (tournaments), teams, matches and their odds.
create table sports (
  id int primary key,
  name text not null,
  status smallint not null default 1,
  list_order int not null
);

create table categories (
  id serial primary key,
  sport_id int not null references sports(id),
  title text not null,
  flag text not null default ''
);

create table tournaments (
  id serial primary key,
  sport_id int not null references sports(id),
  category_id int not null references categories(id),
  title text not null,
  list_order int not null default 100
);

create table teams (
  id serial primary key,
  sport_id int not null references sports(id),
  name text not null
);

create table matches (
  id serial primary key,
  sport_id int not null references sports(id),
  category_id int not null references categories(id),
  tournament_id int not null references tournaments(id),
  home_id int not null references teams(id),
  away_id int not null references teams(id),
  match_date timestamptz not null,
  status text not null default 'not_started',
  bet_status text not null default 'started',
  active smallint not null default 1,
  live_active smallint not null default 0,
  min_tip int not null default 1
);
create index matches_date_idx on matches (match_date);
create index matches_sport_date_idx on matches (sport_id, match_date);
create index matches_tournament_date_idx on matches (tournament_id, match_date);

create table odds_groups (
  id serial primary key,
  match_id int not null references matches(id) on delete cascade,
  odds_type int not null,
  special text not null default '',
  active smallint not null default 1,
  unique (match_id, odds_type, special)
);

create table outcomes (
  id serial primary key,
  group_id int not null references odds_groups(id) on delete cascade,
  outcome_id int not null,
  odd int not null check (odd > 0),
  active smallint not null default 1,
  unique (group_id, outcome_id)
);

-- Accounts and sessions. The session token is stored only as its SHA-256 hash.
create table users (
  id serial primary key,
  username text not null unique,
  password_hash text not null,
  first_name text not null default '',
  last_name text not null default '',
  email text not null default '',
  currency text not null default 'TRY',
  lang text not null default 'tr',
  user_type text not null default 'U',
  staketype smallint not null default 0,
  online_user smallint not null default 1,
  limits jsonb,
  created_at timestamptz not null default now(),
  last_login timestamptz
);

create table sessions (
  token_hash text primary key,
  user_id int not null references users(id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_idx on sessions (user_id);

-- The wallet is a ledger: a balance moves only together with its immutable ledger row.
create table wallets (
  user_id int primary key references users(id),
  currency text not null,
  balance bigint not null default 0 check (balance >= 0)
);

create table ledger (
  id bigserial primary key,
  user_id int not null references users(id),
  amount bigint not null,
  balance_after bigint not null check (balance_after >= 0),
  kind text not null,
  ref_type text,
  ref_id bigint,
  created_at timestamptz not null default now()
);
create index ledger_user_idx on ledger (user_id, id);

-- Coupons and their tips. Amounts in minor units, odds in thousandths.
create table coupons (
  id bigserial primary key,
  user_id int not null references users(id),
  ticket_type text not null check (ticket_type in ('TK', 'KK', 'CK', 'SK')),
  is_live smallint not null default 0,
  status smallint not null default 0,
  total_stake bigint not null check (total_stake > 0),
  ticket_stake bigint not null check (ticket_stake > 0),
  total_odds numeric(40, 0) not null,
  max_pay bigint not null,
  bonus_percent int not null default 0,
  bonus_pay bigint not null default 0,
  income bigint not null default 0,
  total_tickets int not null default 1,
  system_combi text not null default '0',
  paid smallint not null default 0,
  pay_date timestamptz,
  canceled smallint not null default 0,
  created_at timestamptz not null default now()
);
create index coupons_user_date_idx on coupons (user_id, created_at desc);

create table coupon_tips (
  id bigserial primary key,
  coupon_id bigint not null references coupons(id),
  match_id int not null references matches(id),
  odds_type int not null,
  outcome_id int not null,
  special text not null default '',
  odd int not null,
  banko smallint not null default 0,
  ttype char(1) not null default 'N',
  status smallint not null default 0
);
create index coupon_tips_coupon_idx on coupon_tips (coupon_id);
create index coupon_tips_match_idx on coupon_tips (match_id);

-- A money request's Idempotency-Key and its first reply.
create table idempotency_keys (
  user_id int not null references users(id),
  key text not null,
  call text not null,
  reply jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
