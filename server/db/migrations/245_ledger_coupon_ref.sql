-- The back office's figures (server/backoffice/figures.ts) read each coupon's money from its ledger
-- rows: without this index every report scans the whole ledger once per coupon.
create index if not exists ledger_coupon_ref_idx on ledger (ref_id, kind) where ref_type = 'coupon';
