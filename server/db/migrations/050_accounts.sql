-- Accounts (account-platform.md sections 3 and 5): the user detail fields, the product records
-- with their status, the affiliate flags, and the registration extras.
alter table users add column if not exists birth_date date;
alter table users add column if not exists sex char(1) not null default 'm';
alter table users add column if not exists id_number text not null default '';
alter table users add column if not exists mobile text not null default '';
alter table users add column if not exists city text not null default '';
alter table users add column if not exists address text not null default '';
alter table users add column if not exists post_code text not null default '';
alter table users add column if not exists country_id int not null default 218;
alter table users add column if not exists products jsonb not null default '{"sportUser":1,"liveUser":1,"casinoUser":1,"slotUser":1,"virtualUser":1,"bingoUser":1,"tvgamesUser":1,"mintUser":1,"livejackpotUser":1}';
alter table users add column if not exists affiliate_status smallint not null default 0;
alter table users add column if not exists affiliate_link text not null default '';
alter table users add column if not exists promotion_code text not null default '';
alter table users add column if not exists affiliate_user text not null default '';
alter table users add column if not exists timezone text not null default '';

-- Failed logins by key ('a:<username>' per account, 'i:<address>' per address) inside a window;
-- a key over its budget is locked until locked_until, whatever the password.
create table if not exists login_throttle (
  key text primary key,
  fails int not null default 0,
  window_start timestamptz not null,
  locked_until timestamptz
);

-- A captcha's answer stays here (hashed with its id); the client only ever gets the image.
create table if not exists captchas (
  id text primary key,
  answer_hash text not null,
  expires_at timestamptz not null
);

-- Password reset codes, stored as hashes, single use.
create table if not exists password_resets (
  code_hash text primary key,
  user_id int not null references users(id),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table if not exists countries (
  id int primary key,
  iso text not null,
  nicename text not null,
  phonecode int not null
);

create table if not exists currencies (
  code text primary key,
  list_order int not null
);

insert into currencies (code, list_order) values ('TRY', 1), ('EUR', 2), ('USD', 3), ('TND', 4), ('CHF', 5), ('ILS', 6), ('PEN', 7), ('PLN', 8), ('IQD', 9) on conflict do nothing;

insert into countries (id, iso, nicename, phonecode) values
  (218, 'TR', 'Turkey', 90), (80, 'DE', 'Germany', 49), (73, 'FR', 'France', 33), (105, 'IT', 'Italy', 39),
  (199, 'ES', 'Spain', 34), (150, 'NL', 'Netherlands', 31), (225, 'GB', 'United Kingdom', 44), (226, 'US', 'United States', 1),
  (15, 'AT', 'Austria', 43), (21, 'BE', 'Belgium', 32), (204, 'CH', 'Switzerland', 41), (84, 'GR', 'Greece', 30),
  (16, 'AZ', 'Azerbaijan', 994), (2, 'AL', 'Albania', 355), (176, 'RU', 'Russia', 7), (171, 'PT', 'Portugal', 351),
  (102, 'IQ', 'Iraq', 964), (101, 'IR', 'Iran', 98), (212, 'TN', 'Tunisia', 216), (104, 'IL', 'Israel', 972),
  (167, 'PE', 'Peru', 51), (170, 'PL', 'Poland', 48), (56, 'CY', 'Cyprus', 357), (34, 'BG', 'Bulgaria', 359)
on conflict do nothing
