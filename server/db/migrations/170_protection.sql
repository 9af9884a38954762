-- Player protection (domain/protection/rules.ts holds the rules, server/protection/ the
-- queries). Usage against a limit is never stored: it is read from the ledger in the transaction
-- of the money move, so it cannot drift from the money.

-- Limits in force. One row per kind and period; a raise or removal waits in protection_pending.
create table if not exists protection_limits (
  user_id int not null references users(id),
  kind text not null check (kind in ('deposit', 'loss', 'stake', 'session')),
  period text not null check (period in ('bet', 'session', 'day', 'week', 'month')),
  amount bigint not null check (amount > 0),
  set_at timestamptz not null,
  primary key (user_id, kind, period)
);

-- A raise or removal (amount 0) waiting for its 24-hour cooling-off; applied when read after effective_at.
create table if not exists protection_pending (
  user_id int not null references users(id),
  kind text not null,
  period text not null,
  amount bigint not null check (amount >= 0),
  requested_at timestamptz not null,
  effective_at timestamptz not null,
  primary key (user_id, kind, period)
);

-- Breaks (time-outs), self-exclusions and closures. Rows are only added, never shortened nor
-- deleted: the status takes the latest end of what holds. reopen_at: an ended exclusion reopens
-- 24 hours after the player asked.
create table if not exists protection_blocks (
  id bigserial primary key,
  user_id int not null references users(id),
  kind text not null check (kind in ('break', 'exclusion', 'closure')),
  started_at timestamptz not null,
  ends_at timestamptz,
  reopen_at timestamptz,
  by_user int references users(id),
  reason text not null default ''
);
create index if not exists protection_blocks_user_idx on protection_blocks (user_id, ends_at);

-- Reality-check interval and when the limits were last reviewed (the 6-month reminder).
create table if not exists protection_settings (
  user_id int primary key references users(id),
  reality_check smallint not null default 0,
  reviewed_at timestamptz
);

-- History of every protection change, by the player or by the back office (actor_id).
create table if not exists protection_events (
  id bigserial primary key,
  user_id int not null references users(id),
  at timestamptz not null,
  kind text not null,
  detail jsonb not null default '{}',
  actor_id int references users(id)
);
create index if not exists protection_events_user_idx on protection_events (user_id, id);

-- Usage of a rolling window is a sum over a player's recent ledger rows.
create index if not exists ledger_user_created_idx on ledger (user_id, created_at);
