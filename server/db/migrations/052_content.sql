-- Content (account-platform.md sections 3, 4, 7): bonuses and their requests, promotions,
-- notifications and push popups, static pages, contact messages.
create table if not exists bonuses (
  id serial primary key,
  title text not null,
  image text not null default '',
  banner_title text not null default '',
  content text not null default '',
  promotion smallint not null default 1,
  status smallint not null default 1,
  list_order int not null default 100
);

-- status 0 waiting, 1 accepted, 2 denied
create table if not exists bonus_requests (
  id bigserial primary key,
  bonus_id int not null references bonuses(id),
  user_id int not null references users(id),
  status smallint not null default 0,
  created_at timestamptz not null,
  unique (bonus_id, user_id)
);

-- user_id null: for every player
create table if not exists notifications (
  id serial primary key,
  user_id int references users(id),
  title text not null,
  banner text not null default '',
  content text not null,
  created_at timestamptz not null
);

create table if not exists popups (
  id serial primary key,
  type smallint not null default 0,
  type2 smallint not null default 0,
  title text not null,
  content text not null,
  auto_close int not null default 0,
  lang text not null default '',
  status smallint not null default 1
);

create table if not exists pages (
  id int not null,
  lang text not null default 'tr',
  title text not null,
  content text not null,
  primary key (id, lang)
);

create table if not exists contact_messages (
  id bigserial primary key,
  user_id int,
  email text not null,
  topcategory text not null,
  category text not null,
  message text not null,
  created_at timestamptz not null
)
