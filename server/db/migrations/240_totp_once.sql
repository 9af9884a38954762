-- A TOTP code is accepted once: the time step of the last code a user gave; a code of that step
-- or an earlier one is refused, so a code seen over a shoulder or replayed from a log is dead.
alter table users add column if not exists totp_last_step bigint
