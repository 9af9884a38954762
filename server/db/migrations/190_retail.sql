-- Retail: tickets of shop terminals, vouchers, the kiosk's cash in, booking codes.

-- A terminal's coupon as a bearer ticket: its unguessable code (domain/retail/codes.ts), the
-- terminal and shop (the terminal's parent) it was sold at, when a win expires, and how many
-- receipts were printed (the first is the original, the others are counted duplicates).
-- Whether and where it was paid stays on the coupon (coupons.shop_paid_at, shop_paid_by).
create table retail_tickets (
  coupon_id bigint primary key references coupons(id),
  code text not null unique,
  terminal_id int not null references users(id),
  shop_id int references users(id),
  expires_at timestamptz not null,
  prints int not null default 0,
  created_at timestamptz not null
);
create index retail_tickets_terminal_idx on retail_tickets (terminal_id, created_at);

-- A voucher: cash owed to its bearer (a kiosk's cash out or a ticket paid at a kiosk), redeemable
-- once at the shop's counter or at any kiosk of the same shop.
create table retail_vouchers (
  id bigserial primary key,
  code text not null unique,
  shop_id int references users(id),
  terminal_id int not null references users(id),
  amount bigint not null check (amount > 0),
  source text not null check (source in ('cashOut', 'ticket')),
  coupon_id bigint references coupons(id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  redeemed_at timestamptz,
  redeemed_by int references users(id)
);
create index retail_vouchers_terminal_idx on retail_vouchers (terminal_id, created_at);

-- A bank note taken by a terminal's bill acceptor, once per note id.
create table retail_cash_in (
  id bigserial primary key,
  terminal_id int not null references users(id),
  note_id text not null,
  amount bigint not null check (amount > 0),
  created_at timestamptz not null,
  unique (terminal_id, note_id)
);

-- A saved slip (booking code), loaded at a kiosk or the counter until it expires.
create table booking_codes (
  code text primary key,
  slip jsonb not null,
  created_by int references users(id),
  created_at timestamptz not null,
  expires_at timestamptz not null
);
