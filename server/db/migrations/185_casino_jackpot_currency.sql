-- Casino jackpot pools per currency: a bet feeds the pools of its wallet's currency
-- (casino_wallet_apply: jackpots.currency = the session's currency), a drop pays in that currency,
-- and a viewer sees the pools of its own currency (the jackpots call and /ws/jackpot). A tier is
-- now one row per group, tier and currency. The casino groups get pools in EUR and USD beside TRY,
-- with seeds, caps and must-drop points a twentieth of the TRY ones (a new currency's pools are
-- added the same way: a row per tier). The sports tiers stay in TRY.
alter table jackpots drop constraint if exists jackpots_grp_tier_key;
create unique index if not exists jackpots_grp_tier_currency on jackpots (grp, tier, currency);

insert into jackpots (grp, tier, currency, seed, rate_per_sec, period_sec, started_at, light, status, pool, cap, must_drop, contrib_ppm, products, reset_at)
select j.grp, j.tier, c.currency, j.seed / 20, j.rate_per_sec / 20, j.period_sec, j.started_at, j.light, j.status,
       j.seed / 20, j.cap / 20, greatest(j.seed / 20 + 1, j.must_drop / 20), j.contrib_ppm, j.products, j.reset_at
  from jackpots j cross join (values ('EUR'), ('USD')) as c(currency)
 where j.currency = 'TRY' and j.grp in ('casino', 'livecasino') and j.pool is not null
on conflict (grp, tier, currency) do nothing;
