-- Coupon placement in batches (server/betting/placement-queue.ts): the placements of several
-- players that arrive together share one transaction, one read statement and one write statement,
-- instead of a transaction and two statements each. Per placement, the work is that of
-- coupon_place_read and coupon_place_commit (migrations 011 and 080), which these replace: a lone
-- placement is a batch of one (server/betting/create-coupon.ts placeAlone). The statements work on
-- all the batch's rows at once, so the statement overhead is paid once per batch, not per coupon.
--
-- The migration runner splits scripts on a semicolon at the end of a line, so inside the bodies
-- every statement's semicolon is followed by a comment on the same line.

-- One index for a player's waiting coupons, for the open-coupon count (user_id, status) and the
-- same-coupon count (all three columns). With two indexes leading with (user_id, status), plans
-- made with the statistics of a new site (few coupons, no column statistics) took the shorter one
-- and read every waiting coupon of the player to compare the hash.
drop index coupons_user_status_idx;
drop index coupons_user_picks_idx;
create index coupons_user_status_picks_idx on coupons (user_id, status, picks_hash);

-- coupon_place_read_batch: server/db/functions/coupon_place_read_batch.sql (its current definition; server/db/migrate.ts creates it before and after these files)

-- ledger_post_many: server/db/functions/ledger_post_many.sql (its current definition; server/db/migrate.ts creates it before and after these files)

-- coupon_place_commit_batch: server/db/functions/coupon_place_commit_batch.sql (its current definition; server/db/migrate.ts creates it before and after these files)

-- Replaced by the two above.
drop function coupon_place_commit(int, json, json, jsonb, text);
drop function coupon_place_write(int, json, json, jsonb, text);
drop function coupon_place_read(int, json, text, text, text);
drop function ledger_post(int, int8, text, text, bigint);
