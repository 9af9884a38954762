-- Leases of the work that must run on one server process at a time (server/cluster/lease.ts):
-- the live feed, the stale sweep, settlement and the scheduled jobs. expires_at is epoch ms of the
-- holder's clock; a process takes the lease when it has expired or is already its own.
create table if not exists cluster_leases (
  name text primary key,
  holder text not null,
  term bigint not null,
  expires_at bigint not null
);
