-- Demo catalogue of the casino: three providers, all served by the built-in demo
-- provider (server/casino/demo-provider/, wallet protocol 'demo', secret DEMO_PROVIDER_SECRET),
-- and games in every product. Tiles are SVG files in public/casino/. The operator edits them in
-- the back office (bo/casinoGames).
insert into casino_providers (code, name, logo, protocol, launch_url, secret_env, list_order) values
  ('demo', 'Demo Gaming', '/casino/provider-demo.svg', 'demo', '/demo-provider', 'DEMO_PROVIDER_SECRET', 1),
  ('aurora', 'Aurora Live', '/casino/provider-aurora.svg', 'demo', '/demo-provider', 'DEMO_PROVIDER_SECRET', 2),
  ('pixel', 'Pixel Draws', '/casino/provider-pixel.svg', 'demo', '/demo-provider', 'DEMO_PROVIDER_SECRET', 3)
on conflict (code) do nothing;

insert into casino_categories (product, title, list_order) values
  (5, 'Popüler', 1), (5, 'Klasik', 2), (4, 'Rulet', 1), (6, 'Futbol', 1), (7, 'Çekiliş', 1), (8, 'Bingo', 1)
on conflict (product, title) do nothing;

insert into casino_games (provider_id, product, category_id, code, title, logo, extras, limits, open_lobby, fun, rtp, list_order)
select p.id, g.product, c.id, g.code, g.title, g.logo, g.extras, g.limits::jsonb, 0, g.fun, g.rtp, g.ord
  from (values
    ('demo', 5, 'Popüler', 'fruit-fiesta', 'Fruit Fiesta', '/casino/fruit-fiesta.svg', '{"id":"fruit-fiesta"}', '[]', 1, 9544, 1),
    ('demo', 5, 'Klasik', 'lucky-sevens', 'Lucky Sevens', '/casino/lucky-sevens.svg', '{"id":"lucky-sevens"}', '[]', 1, 9619, 2),
    ('pixel', 5, 'Popüler', 'gem-rush', 'Gem Rush', '/casino/gem-rush.svg', '{"id":"gem-rush"}', '[]', 1, 9485, 3),
    ('aurora', 4, 'Rulet', 'roulette-1', 'Aurora Rulet', '/casino/roulette.svg', '{"id":"roulette-1","limitID":[1,2]}',
      '[{"limitId":1,"min":100,"max":50000,"currency":"TRY"},{"limitId":2,"min":1000,"max":500000,"currency":"TRY"}]', 0, 9730, 1),
    ('aurora', 4, 'Rulet', 'roulette-vip', 'VIP Rulet', '/casino/roulette-vip.svg', '{"id":"roulette-vip","limitID":[3]}',
      '[{"limitId":3,"min":5000,"max":2000000,"currency":"TRY"}]', 0, 9730, 2),
    ('pixel', 6, 'Futbol', 'virtual-football', 'Sanal Futbol Ligi', '/casino/virtual-football.svg', '{"id":"virtual-football"}', '[]', 1, 9400, 1),
    ('pixel', 7, 'Çekiliş', 'keno', 'Keno 20/80', '/casino/keno.svg', '{"id":"keno"}', '[]', 1, 9300, 1),
    ('demo', 8, 'Bingo', 'bingo-room', 'Bingo Salonu', '/casino/bingo.svg', '{"id":"bingo-room"}', '[]', 1, 9000, 1)
  ) as g(provider, product, category, code, title, logo, extras, limits, fun, rtp, ord)
  join casino_providers p on p.code = g.provider
  join casino_categories c on c.product = g.product and c.title = g.category
on conflict (provider_id, code) do nothing;
