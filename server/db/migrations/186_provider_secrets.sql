-- Secrets a deployment draws once and shares between its processes: the demo
-- provider's signing secret on a production site that sets none, so that the public development
-- default never signs real-money wallet calls.
create table if not exists provider_secrets (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
