create or replace function book_liability_tips_added() returns trigger language plpgsql as $$
begin
  perform book_liability_rows(array(select n.id from new_tips n join coupons c on c.id = n.coupon_id where c.status = 0), 1); --
  return null; --
end $$;
