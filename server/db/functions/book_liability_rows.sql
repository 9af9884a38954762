-- A tip's figures with a sign: +1 when it starts riding, -1 when its coupon stops waiting.
create or replace function book_liability_rows(p_tips bigint[], p_sign int)
returns void language plpgsql volatile as $$
begin
  insert into book_liability_delta (match_id, odds_type, special, outcome_id, single_stake, single_pay, combo_stake, combo_pay, tips)
  select t.match_id, t.odds_type, t.special, t.outcome_id,
         p_sign * case when c.ticket_type = 'TK' then t.stake else 0 end,
         p_sign * case when c.ticket_type = 'TK' then coalesce(t.win_pay, c.max_pay) else 0 end,
         p_sign * case when c.ticket_type = 'TK' then 0 else t.stake end,
         p_sign * case when c.ticket_type = 'TK' then 0 else coalesce(t.win_pay, c.max_pay) end,
         p_sign
    from coupon_tips t join coupons c on c.id = t.coupon_id
   where t.id = any(p_tips); --
end $$;
