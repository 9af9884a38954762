-- Terminals (account-platform.md sections 3 and 6: the terminal role, terminalNo in the user
-- info). A terminal is a user of type 'T' (a shop kiosk that prints its coupons); its number is
-- shown to the player and printed on the receipt. Players keep ''.
alter table users add column if not exists terminal_no text not null default '';
