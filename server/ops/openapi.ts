/**
 * The OpenAPI 3.1 description of the calls, generated from the very zod schemas that validate them
 * (z.toJSONSchema; OpenAPI 3.1 schemas are JSON Schema 2020-12), served at GET /api/openapi.json.
 * Calls are collected as Fastify registers them (defineCall puts its name and schema in the route's
 * config), so a call added anywhere is described without an edit here; the casino's game-wallet
 * API, which providers call, is described from its protocol schema.
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { CallRouteInfo } from '../core/call.ts';
import { SESSION_COOKIE } from '../accounts/sessions.ts';
import { demoWalletBody, WALLET_OPS } from '../casino/protocols/demo.ts';
import { SIGNATURE_HEADER } from '../casino/signature.ts';
import { HUB88_ENDPOINTS, hub88Body } from '../casino/protocols/hub88.ts';
import { HUB88_SIGNATURE_HEADER } from '../casino/hub88/keys.ts';

const calls = new WeakMap<FastifyInstance, CallRouteInfo[]>();
const routes = new WeakMap<FastifyInstance, { method: string; url: string; call?: CallRouteInfo }[]>();

/** Every route registered on an app after registerOpenApi (method, url, its call when it is one): the route-enumeration tests read it. */
export function registeredRoutes(app: FastifyInstance): readonly { method: string; url: string; call?: CallRouteInfo }[] {
  return routes.get(app) ?? [];
}

/** The calls registered on an app (in registration order); empty before registerOpenApi. */
export function registeredCalls(app: FastifyInstance): readonly CallRouteInfo[] {
  return calls.get(app) ?? [];
}

type JsonSchema = Record<string, unknown>;

/**
 * The casino's seamless-wallet API that game providers call (server/http/routes/casino-wallet.ts):
 * not a spec call but one route per provider protocol, its body the protocol's zod schema. A
 * protocol added under server/casino/protocols/ gets its entry here.
 */
function gameWalletPaths(): Record<string, JsonSchema> {
  const reply = {
    type: 'object',
    properties: {
      status: { type: 'string', description: 'RS_OK or RS_ERROR_... (always HTTP 200)' },
      request_uuid: { type: 'string' }, user: { type: 'string' }, currency: { type: 'string' },
      balance: { type: 'integer', description: 'minor units' }, transaction_uuid: { type: 'string' }, reason: { type: 'string' },
    },
    required: ['status', 'request_uuid'],
  };
  return {
    '/casino/wallet/{provider}/{op}': {
      post: {
        operationId: 'gameWallet',
        tags: ['game-wallet'],
        summary: 'Seamless wallet (demo protocol, Hub88-like): balance, bet, win, rollback; each idempotent on transaction_uuid',
        security: [{ providerSignature: [] }],
        parameters: [
          { name: 'provider', in: 'path', required: true, schema: { type: 'string' }, description: 'the provider code' },
          { name: 'op', in: 'path', required: true, schema: { type: 'string', enum: [...WALLET_OPS] } },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: schemaOf(demoWalletBody) } } },
        responses: { 200: { description: 'The business status; a call not answered within 2 s gets RS_ERROR_UNKNOWN and is retried with the same transaction id.', content: { 'application/json': { schema: reply } } } },
      },
    },
  };
}

/** Hub88's Wallet API (server/casino/protocols/hub88.ts) under its default prefix (HUB88_PREFIX). */
function hub88WalletPaths(): Record<string, JsonSchema> {
  const reply = {
    type: 'object',
    properties: {
      status: { type: 'string', description: 'RS_OK or RS_ERROR_... (always HTTP 200)' }, request_uuid: { type: 'string' }, user: { type: 'string' },
      currency: { type: 'string' }, balance: { type: 'integer', description: "Hub88's integer: the value x 100,000" },
    },
    required: ['status', 'request_uuid'],
  };
  return Object.fromEntries(HUB88_ENDPOINTS.map((e) => [`/casino/hub88/${e}`, {
    post: {
      operationId: `hub88_${e.replace('/', '_')}`,
      tags: ['game-wallet'],
      summary: `Hub88 Wallet API: ${e} (docs/hub88.md); amounts are the value x 100,000`,
      security: [{ hub88Signature: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: schemaOf(hub88Body) } } },
      responses: { 200: { description: "Hub88's status; past the answer deadline RS_ERROR_UNKNOWN, and Hub88 retries with the same transaction id.", content: { 'application/json': { schema: reply } } } },
    },
  }]));
}

/** A zod schema as OpenAPI 3.1 reads it: what a client must send (io 'input': defaults optional). */
export function schemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const failure = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } });

/** The OpenAPI document of the calls in `list`. */
export function openApiDocument(list: readonly CallRouteInfo[]): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const c of list) {
    const area = c.name.startsWith('bo/') ? 'backoffice' : 'player';
    paths[`/api/${c.name}`] = {
      post: {
        operationId: c.name.replace('/', '_'),
        tags: [area],
        summary: c.permission ? `${c.name} (permission ${c.permission})` : c.name,
        security: c.auth ? [{ session: [] }] : [],
        requestBody: { required: true, content: { 'application/json': { schema: schemaOf(c.schema) } } },
        responses: {
          200: { description: 'The call\'s reply in the spec\'s shape (`status: true` and its data).', content: { 'application/json': { schema: { $ref: '#/components/schemas/Success' } } } },
          400: failure('The payload does not fit the call\'s schema (`error: badRequest`, `field`).'),
          401: failure('Login required (`login: false`).'),
          403: failure('Not allowed for this session.'),
          409: failure('A business refusal: the spec\'s message in `msg`, its key in `error`.'),
          429: failure('Too many requests.'),
          500: failure('A technical failure (`error: technical`).'),
        },
      },
    };
  }
  Object.assign(paths, gameWalletPaths(), hub88WalletPaths());
  return {
    openapi: '3.1.0',
    info: {
      title: 'BetPWA API',
      version: '1',
      description: 'POST /api/<call> with a JSON payload; every reply carries `status` and, when it is false, `msg`. Money is integer minor units, odds integer thousandths. Money calls take an Idempotency-Key header.',
    },
    tags: [
      { name: 'player', description: 'The calls of the player app (betting-core.md, account-platform.md).' },
      { name: 'backoffice', description: 'Back-office calls (/api/bo/<call>), permission-checked.' },
      { name: 'game-wallet', description: 'The casino providers\' seamless wallet, signed by the provider (HMAC for the demo protocol, RSA-SHA256 for Hub88).' },
    ],
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        providerSignature: { type: 'apiKey', in: 'header', name: SIGNATURE_HEADER, description: 'HMAC-SHA256 of the raw body with the provider\'s secret' },
        hub88Signature: { type: 'apiKey', in: 'header', name: HUB88_SIGNATURE_HEADER, description: 'RSA-SHA256 of the raw body with Hub88\'s private key, Base64' },
      },
      schemas: {
        Success: { type: 'object', properties: { status: { const: true } }, required: ['status'], additionalProperties: true },
        Failure: {
          type: 'object',
          properties: { status: { const: false }, msg: { type: 'string' }, error: { type: 'string' }, field: { type: 'string' }, login: { type: 'boolean' } },
          required: ['status', 'msg'],
          additionalProperties: true,
        },
      },
    },
  };
}

/**
 * Collects the app's calls as they are registered and serves GET /api/openapi.json (built at the
 * first request, when every call is there). Must run before the calls are registered.
 */
export function registerOpenApi(app: FastifyInstance): void {
  const list: CallRouteInfo[] = [];
  const all: { method: string; url: string; call?: CallRouteInfo }[] = [];
  calls.set(app, list);
  routes.set(app, all);
  app.addHook('onRoute', (route) => {
    const call = (route.config as { call?: CallRouteInfo } | undefined)?.call;
    if (call && route.method === 'POST') list.push(call);
    for (const method of [route.method].flat()) all.push({ method, url: route.url, ...(call ? { call } : {}) });
  });
  let doc: string | undefined;
  app.get('/api/openapi.json', async (_req, reply) => {
    doc ??= JSON.stringify(openApiDocument(list));
    return reply.header('content-type', 'application/json; charset=utf-8').send(doc);
  });
}
