-- Back office, part 1: the dealer hierarchy, dealer settings and permissions, the
-- back-office second factor, credit transfers, cards, cut-offs, shop payouts, the audit log and
-- the IP log of logins.

-- A user's status (1 active, 0 passive: cannot log in) and its direct parent in the network.
alter table users add column if not exists status smallint not null default 1;
alter table users add column if not exists parent_id int references users(id);
-- The TOTP secret (base32) of an admin or operator; null until one is set.
alter table users add column if not exists totp_secret text;

-- The hierarchy as a closure table: one row per (ancestor, descendant) pair at depth >= 1, so
-- "is x in my subtree" is one indexed lookup inside the action's own transaction.
create table user_tree (
  ancestor_id int not null references users(id),
  descendant_id int not null references users(id),
  depth int not null check (depth >= 1),
  primary key (ancestor_id, descendant_id)
);
create index user_tree_descendant_idx on user_tree (descendant_id, depth);

-- A network node's settings (operator, dealer, sub-dealer, partner): its granted permissions,
-- its limits (0 unlimited) and the operator team's transfer block.
create table dealers (
  user_id int primary key references users(id),
  permissions text[] not null default '{}',
  commission_percent int not null default 0 check (commission_percent between 0 and 100),
  user_limit int not null default 0 check (user_limit >= 0),
  dealer_limit int not null default 0 check (dealer_limit >= 0),
  casino_limit bigint not null default 0 check (casino_limit >= 0),
  transfers_blocked boolean not null default false
);

-- The back-office state of a session: when the second factor was given and when it was last used.
alter table sessions add column if not exists bo_otp_at timestamptz;
alter table sessions add column if not exists bo_seen_at timestamptz;

-- One credit transfer between a dealer and a node of its subtree (two ledger rows).
create table credit_transfers (
  id bigserial primary key,
  from_id int not null references users(id),
  to_id int not null references users(id),
  amount bigint not null check (amount > 0),
  actor_id int not null references users(id),
  note text not null default '',
  created_at timestamptz not null default now()
);
create index credit_transfers_from_idx on credit_transfers (from_id, id);
create index credit_transfers_to_idx on credit_transfers (to_id, id);

-- Prepaid cards: the amount left the issuer's wallet when issued; status 0 unused, 1 redeemed, 2 void.
create table cards (
  id bigserial primary key,
  code text not null unique,
  dealer_id int not null references users(id),
  amount bigint not null check (amount > 0),
  currency text not null,
  status smallint not null default 0,
  redeemed_by int references users(id),
  created_at timestamptz not null default now(),
  redeemed_at timestamptz
);
create index cards_dealer_idx on cards (dealer_id, id);

-- Cut-offs (account settlements): one active per dealer and period, never overlapping.
create table cutoffs (
  id bigserial primary key,
  dealer_id int not null references users(id),
  period text not null check (period in ('weekly', 'monthly')),
  from_day date not null,
  to_day date not null,
  stakes bigint not null,
  payouts bigint not null,
  bonuses bigint not null,
  commission_percent int not null,
  commission bigint not null,
  net bigint not null,
  status smallint not null default 1,
  created_by int not null references users(id),
  created_at timestamptz not null default now(),
  reverted_by int references users(id),
  reverted_at timestamptz
);
create index cutoffs_dealer_idx on cutoffs (dealer_id, from_day);

-- A winning ticket paid out at the shop counter (once).
alter table coupons add column if not exists shop_paid_at timestamptz;
alter table coupons add column if not exists shop_paid_by int references users(id);

-- The audit log: append-only, each row carrying the sha256 of the previous row's hash and its own content.
create table audit_log (
  id bigserial primary key,
  actor_id int references users(id),
  role text not null,
  action text not null,
  object_type text not null,
  object_id text not null,
  before jsonb,
  after jsonb,
  address text not null default '',
  created_at timestamptz not null,
  prev_hash text not null,
  hash text not null
);
create index audit_log_actor_idx on audit_log (actor_id, id);

-- Every login attempt with its address.
create table ip_logs (
  id bigserial primary key,
  user_id int references users(id),
  user_name text not null,
  address text not null,
  user_agent text not null default '',
  success boolean not null,
  created_at timestamptz not null
);
create index ip_logs_user_idx on ip_logs (user_id, id);
create index ip_logs_created_idx on ip_logs (created_at);
