-- Coupon placement rules (server/betting/create-coupon.ts).

-- The stake riding on a tip: ticketStake x the combinations holding it (a KK's whole stake, half
-- of a CK's on each of two picks of one match, a system's per-pick share). The per-tip stake
-- limit (betTotal 5000.00) sums it over the player's waiting coupons, found through user_id.
-- Tips placed before this migration count the whole coupon stake: an upper bound, never less.
alter table coupon_tips add column user_id int;
alter table coupon_tips add column stake bigint not null default 0;
update coupon_tips t set user_id = c.user_id, stake = c.total_stake from coupons c where c.id = t.coupon_id;
create index coupon_tips_user_match_idx on coupon_tips (user_id, match_id);

-- The set of picks of a coupon (sha256 of its sorted tip keys, see server/betting/rules.ts) for
-- 'the same coupon has already been made N times', counted among the player's waiting coupons.
alter table coupons add column picks_hash text not null default '';
update coupons c set picks_hash = (
  select encode(sha256(convert_to(string_agg(t.match_id || '|' || t.odds_type || '|' || t.outcome_id || '|' || t.special, ',' order by (t.match_id || '|' || t.odds_type || '|' || t.outcome_id || '|' || t.special) collate "C"), 'UTF8')), 'hex')
    from coupon_tips t where t.coupon_id = c.id)
 where c.status = 0 and exists (select 1 from coupon_tips t where t.coupon_id = c.id);
-- status is a key column, not a partial-index predicate: the planner then never prefers
-- another (user_id, status) index and filters every waiting coupon of the player by hash.
create index coupons_user_picks_idx on coupons (user_id, picks_hash, status);
