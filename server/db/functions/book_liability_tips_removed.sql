create or replace function book_liability_tips_removed() returns trigger language plpgsql as $$
begin
  -- the coupon row is still there (coupon_tips references it): a waiting one's tips stop riding
  insert into book_liability_delta (match_id, odds_type, special, outcome_id, single_stake, single_pay, combo_stake, combo_pay, tips)
  select t.match_id, t.odds_type, t.special, t.outcome_id,
         - case when c.ticket_type = 'TK' then t.stake else 0 end,
         - case when c.ticket_type = 'TK' then coalesce(t.win_pay, c.max_pay) else 0 end,
         - case when c.ticket_type = 'TK' then 0 else t.stake end,
         - case when c.ticket_type = 'TK' then 0 else coalesce(t.win_pay, c.max_pay) end,
         -1
    from old_tips t join coupons c on c.id = t.coupon_id where c.status = 0; --
  return null; --
end $$;
