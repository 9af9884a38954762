-- A share link names its coupon by a random token, never by the sequential coupon id, so a
-- stranger counting ids up sees nothing; one token per coupon, drawn the first time its owner shares.
create table if not exists coupon_shares (
  coupon_id bigint primary key references coupons(id),
  token text not null unique,
  created_at timestamptz not null default now()
);
