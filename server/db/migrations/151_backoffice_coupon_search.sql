-- The back office's coupon search of a large subtree reads the newest coupons first and keeps
-- those of its subtree (a semi-join on user_tree), stopping at one page or at the count's cap: it
-- needs coupons in creation order, with the user and status in the index so the rows it skips
-- are never read from the table. Small subtrees keep using coupons_user_date_idx per user.
create index if not exists coupons_created_idx on coupons (created_at desc, id desc) include (user_id, status);
-- A small subtree is searched player by player: each player's coupons newest first with the
-- searched fields in the index, so only the final page is read from the table.
create index if not exists coupons_user_created_cover_idx on coupons (user_id, created_at desc, id desc) include (status, ticket_type, is_live);
