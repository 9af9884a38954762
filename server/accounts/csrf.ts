import type { FastifyReply, FastifyRequest } from 'fastify';
import { message } from '../../domain/messages.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard of every state-changing call: the body must be JSON (a cross-site form cannot send
 * that without a preflight), and a browser's Origin / Sec-Fetch-Site must say the same site.
 * Clients that send neither (tests, curl, server-to-server) pass on the JSON rule alone.
 */
export async function csrfGuard(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (SAFE.has(req.method) || !req.url.startsWith('/api/')) return;
  const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    return reply.code(415).send({ status: false, msg: message('badRequest', 'tr', { field: 'content-type' }), error: 'badRequest' });
  }
  // Browsers that send Sec-Fetch-Site (it cannot be set by a page) are judged by it alone: this
  // also keeps a dev proxy that rewrites Host working. Older browsers are judged by Origin.
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site !== 'same-origin' && site !== 'none') return refuse(reply);
    return;
  }
  const origin = req.headers.origin;
  if (typeof origin === 'string') {
    let host = '';
    try { host = new URL(origin).host; } catch { /* 'null' or garbage: refused below */ }
    if (!host || host !== req.host) return refuse(reply);
  }
}

function refuse(reply: FastifyReply): FastifyReply {
  return reply.code(403).send({ status: false, msg: message('forbidden', 'tr'), error: 'forbidden' });
}
