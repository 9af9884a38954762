-- Settlement. Match ids carry no foreign key: a feed may report results of matches
-- no coupon was placed on, and those are kept for the record all the same. Every result a match receives is kept as a numbered version; a corrected
-- result is a new version, so a coupon can be resettled and the ledger shows why money moved.
create table result_versions (
  match_id int not null,
  version int not null,
  result jsonb not null,
  -- The source's own revision, when it gives one: an older revision arriving late is ignored.
  revision int,
  source text not null default 'feed',
  entered_by int references users(id),
  created_at timestamptz not null default now(),
  primary key (match_id, version)
);

-- Which result version of a match every coupon on it has been settled against. A run that stops
-- in the middle (crash) leaves settled_version behind result_version; the settlement loop resumes it.
create table match_settlement (
  match_id int primary key,
  result_version int not null,
  settled_version int not null default 0,
  updated_at timestamptz not null default now()
);
create index match_settlement_pending_idx on match_settlement (match_id) where settled_version < result_version;

-- One row per coupon and result fingerprint (the versions of its matches' results it was settled
-- with), written in the same transaction as the ledger rows: the same fingerprint never pays twice.
create table coupon_settlements (
  id bigserial primary key,
  coupon_id bigint not null references coupons(id),
  fingerprint text not null,
  status smallint not null,
  income bigint not null,
  bonus_pay bigint not null,
  -- What this settlement moved: the new payout minus what the previous one had paid.
  delta bigint not null,
  created_at timestamptz not null default now(),
  unique (coupon_id, fingerprint)
);

-- What settlement has credited the coupon so far (reversed and re-credited on a correction),
-- and the fingerprint it was computed from.
alter table coupons add column settled_income bigint not null default 0;
alter table coupons add column settled_fp text not null default '';
-- A tip's outcome in words (won, lost, void, halfWon, halfLost; '' while open).
alter table coupon_tips add column outcome text not null default '';
create index coupons_user_status_idx on coupons (user_id, status);
