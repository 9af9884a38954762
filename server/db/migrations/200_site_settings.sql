-- Site settings edited in the back office (schema and defaults in
-- domain/settings/site-settings.ts): one row per changed setting; a setting without a row has its
-- default. The revision counts changes: every process reloads when the stored one is newer.
create table site_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null
);
create table site_settings_rev (
  id int primary key check (id = 1),
  rev bigint not null
);
insert into site_settings_rev (id, rev) values (1, 0);
