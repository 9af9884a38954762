-- The casino game wallet in batches (server/casino/wallet.ts and wallet-queue.ts): the
-- bet, win and rollback calls of several players that arrive together share one transaction and
-- two statements (casino_wallet_lock, then casino_wallet_apply sent with the COMMIT), instead of a
-- transaction and about seven statements each. A lone call is a batch of one.
--
-- The migration runner splits scripts on a semicolon at the end of a line, so inside the bodies
-- every statement's semicolon is followed by a comment on the same line.

-- casino_wallet_lock: server/db/functions/casino_wallet_lock.sql (its current definition; server/db/migrate.ts creates it before and after these files)

-- casino_wallet_apply: server/db/functions/casino_wallet_apply.sql (its current definition; server/db/migrate.ts creates it before and after these files)
