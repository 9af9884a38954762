/**
 * Cacheable reads: a GET reply that does not depend on the user carries Cache-Control
 * and an ETag (a hash of its JSON); a browser revalidating with If-None-Match gets a 304 without a
 * body. The spec's GET calls are such reads (/api/settings).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The weak ETag of a JSON text. */
export const etagOf = (json: string): string => `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`;

/** Sends `body` as JSON with `cacheControl` and its ETag, or 304 when the browser already has it. */
export function sendCacheable(req: FastifyRequest, reply: FastifyReply, body: unknown, cacheControl: string): FastifyReply {
  const json = JSON.stringify(body);
  const tag = etagOf(json);
  reply.header('cache-control', cacheControl).header('etag', tag);
  const asked = String(req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim());
  if (asked.includes(tag) || asked.includes('*')) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
