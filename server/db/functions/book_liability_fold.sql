-- Folds the deltas into the totals: the rows deleted are exactly those this transaction sees, so
-- a delta committed meanwhile waits for the next fold. Keys in order, so two folds never deadlock.
-- Returns how many outcomes changed.
create or replace function book_liability_fold() returns int language plpgsql volatile as $$
declare
  v_n int; -- outcomes changed
begin
  with d as (
    delete from book_liability_delta returning *
  ), s as (
    select match_id, odds_type, special, outcome_id, sum(single_stake) as ss, sum(single_pay) as sp, sum(combo_stake) as cs, sum(combo_pay) as cp, sum(tips)::int as n
      from d group by match_id, odds_type, special, outcome_id
  )
  insert into book_liability (match_id, odds_type, special, outcome_id, single_stake, single_pay, combo_stake, combo_pay, tips)
  select * from s order by match_id, odds_type, special, outcome_id
  on conflict (match_id, odds_type, special, outcome_id) do update set
    single_stake = book_liability.single_stake + excluded.single_stake, single_pay = book_liability.single_pay + excluded.single_pay,
    combo_stake = book_liability.combo_stake + excluded.combo_stake, combo_pay = book_liability.combo_pay + excluded.combo_pay,
    tips = book_liability.tips + excluded.tips; --
  get diagnostics v_n = row_count; --
  delete from book_liability where tips = 0; --
  return v_n; --
end $$;
