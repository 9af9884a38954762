-- Account activation by e-mail or SMS (account-platform.md section 4, activation replies 1 and
-- other) and the outboxes an operator's relay reads: mail and SMS are written here in the same
-- transaction as what caused them; the relay sends the rows with sent_at null and stamps them.
alter table users add column if not exists activated smallint not null default 1;

-- One pending code per user, stored hashed; channel 'mail' (a link token) or 'sms' (6 digits).
create table if not exists activation_codes (
  user_id int primary key references users(id),
  code_hash text not null unique,
  channel text not null,
  expires_at timestamptz not null,
  attempts int not null default 0
);

create table if not exists mail_outbox (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null,
  sent_at timestamptz,
  attempts int not null default 0,
  last_error text not null default ''
);
create index if not exists mail_outbox_waiting_idx on mail_outbox (id) where sent_at is null;

create table if not exists sms_outbox (
  id bigserial primary key,
  to_number text not null,
  body text not null,
  created_at timestamptz not null,
  sent_at timestamptz,
  attempts int not null default 0,
  last_error text not null default ''
);
create index if not exists sms_outbox_waiting_idx on sms_outbox (id) where sent_at is null
