-- Content edited in the back office: banner schedules, bonus rules, pop-up rotation
-- order, notification segments, bank logos, and the revision of the content that open apps follow
-- (bumped by every content change; pushed to the apps with the settings revision).
alter table banners add column if not exists starts_at timestamptz;
alter table banners add column if not exists ends_at timestamptz;
alter table bonuses add column if not exists rules text not null default '';
alter table popups add column if not exists list_order int not null default 100;
-- A segment's notice is one row per player, all with the same batch (the first row's id); target says who.
alter table notifications add column if not exists batch int;
alter table notifications add column if not exists target text not null default '';
alter table pay_banks add column if not exists logo text not null default '';
create table if not exists content_rev (
  id int primary key check (id = 1),
  rev bigint not null
);
insert into content_rev (id, rev) values (1, 0) on conflict (id) do nothing
