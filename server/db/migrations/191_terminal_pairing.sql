-- Terminal pairing: a kiosk logs in without a keyboard by a short code a dealer shows in
-- the back office, entered once on the kiosk's on-screen keys; valid for minutes, used once.
create table terminal_pairings (
  code text primary key,
  terminal_id int not null references users(id),
  created_by int not null references users(id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index terminal_pairings_terminal_idx on terminal_pairings (terminal_id);
