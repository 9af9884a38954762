-- Payments (account-platform.md sections 3, 4, 7): categories, pay types with their info fields,
-- form fields and limits, community banks with amount options, and the players' transfer requests.
create table if not exists pay_categories (
  id serial primary key,
  cat_name text not null,
  info text not null default '',
  type_logo text not null default '',
  open_link text not null default '',
  -- 0 deposit, 1 withdrawal (the transferType a category serves)
  transfer_type smallint not null,
  list_order int not null default 100,
  status smallint not null default 1
);

create table if not exists pay_types (
  id serial primary key,
  cat_id int not null references pay_categories(id),
  pay_type text not null default 'FORM',
  pay_tag text not null,
  bank_logo text not null default '',
  infofields jsonb not null default '[]',
  fields jsonb not null default '[]',
  min_amount bigint not null,
  max_amount bigint not null,
  -- 0 in place, 1 whole-window iframe, 2 popup frame, 3 page redirect
  iframe smallint not null default 0,
  payment_url text not null default '',
  list_order int not null default 100,
  status smallint not null default 1
);

create table if not exists pay_banks (
  id serial primary key,
  pay_id int not null references pay_types(id),
  name text not null,
  swiftcode text not null,
  amounts jsonb not null default '[]'
);

-- status 0 waiting, 1 confirmed, 2 canceled; transfer_type 0 deposit, 1 withdrawal.
create table if not exists transfer_requests (
  id bigserial primary key,
  user_id int not null references users(id),
  pay_id int not null references pay_types(id),
  transfer_type smallint not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  status smallint not null default 0,
  req_result text not null default '',
  form_values jsonb not null default '[]',
  created_at timestamptz not null,
  decided_at timestamptz
);
create index if not exists transfer_requests_user_idx on transfer_requests (user_id, created_at desc)
