-- Affiliates (account-platform.md sections 3, 4 and 9). users.affiliate_status stays the status the
-- guards read (0 not an affiliate, 1 active) and users.affiliate_link the link of an active one;
-- this row is the request and, once accepted, its terms and code. A player who registered with the
-- code (register/{affcode}) carries it in users.affiliate_user.
create table if not exists affiliates (
  user_id int primary key references users(id),
  code text not null unique,
  percent int not null default 0 check (percent between 0 and 100),
  -- 0 monthly, 1 weekly
  cutoff smallint not null default 0,
  requested_at timestamptz not null,
  decided_at timestamptz
);
create index if not exists users_affiliate_user_idx on users (affiliate_user);

-- Banners an affiliate copies into their site; `url` is the image file like the Banner entity's.
create table if not exists affiliate_banners (
  id serial primary key,
  name text not null,
  width int not null,
  height int not null,
  url text not null,
  status smallint not null default 1,
  list_order int not null default 100
);
insert into affiliate_banners (name, width, height, url, list_order)
select * from (values
  ('Leaderboard 728x90', 728, 90, 'aff/728x90.svg', 1),
  ('Medium rectangle 300x250', 300, 250, 'aff/300x250.svg', 2),
  ('Mobile banner 320x100', 320, 100, 'aff/320x100.svg', 3)
) as v(name, width, height, url, list_order)
where not exists (select 1 from affiliate_banners);
