-- The keyword index takes its entries at once rather than through GIN's pending list: matches are
-- inserted a few at a time, and a search must not scan a long unmerged list until the next vacuum
-- (the matches bench, 50,000 matches: search p99 inside PostgreSQL 83 ms right after the load, 12 ms
-- once vacuumed).
alter index matches_search_trgm_idx set (fastupdate = off);
