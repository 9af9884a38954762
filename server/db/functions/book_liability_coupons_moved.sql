create or replace function book_liability_coupons_moved() returns trigger language plpgsql as $$
begin
  perform book_liability_rows(array(
    select t.id from new_c n join old_c o on o.id = n.id join coupon_tips t on t.coupon_id = n.id where o.status = 0 and n.status <> 0), -1); --
  perform book_liability_rows(array(
    select t.id from new_c n join old_c o on o.id = n.id join coupon_tips t on t.coupon_id = n.id where o.status <> 0 and n.status = 0), 1); --
  return null; --
end $$;
