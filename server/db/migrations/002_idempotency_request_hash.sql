-- A reused Idempotency-Key with a different request is refused (IETF draft: 422); the hash tells.
alter table idempotency_keys add column request_hash text not null default '';
