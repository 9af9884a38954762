-- The IP log records each login attempt once with its outcome ('success', 'wrongLogin', 'wrongOtp',
-- 'captchaRequired', 'tooManyRequests', ...), so failures can be told apart and watched.
alter table ip_logs add column if not exists outcome text not null default '';
create index if not exists ip_logs_user_name_idx on ip_logs (lower(user_name), address) where success
