/**
 * The OpenAPI 3.1 description of the calls, generated from the very zod schemas that validate them
 * (z.toJSONSchema; OpenAPI 3.1 schemas are JSON Schema 2020-12), served at GET /api/openapi.json.
 * Calls are collected as Fastify registers them (defineCall puts its name and schema in the route's
 * config), so a call added anywhere is described without an edit here.
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { CallRouteInfo } from '../http/call.ts';
import { SESSION_COOKIE } from '../http/app.ts';

const calls = new WeakMap<FastifyInstance, CallRouteInfo[]>();

/** The calls registered on an app (in registration order); empty before registerOpenApi. */
export function registeredCalls(app: FastifyInstance): readonly CallRouteInfo[] {
  return calls.get(app) ?? [];
}

type JsonSchema = Record<string, unknown>;

/**
 * Paths described by hand beside the generated calls. The casino's seamless game-wallet API
 * (server/casino/: balance, debit, credit, rollback, each idempotent on the provider's transaction
 * id) does not exist yet: when it does, its routes go here, described from its domain schemas with
 * `schemaOf`, under the 'game-wallet' tag.
 */
const GAME_WALLET_PATHS: Record<string, JsonSchema> = {};

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
  Object.assign(paths, GAME_WALLET_PATHS);
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
      { name: 'game-wallet', description: 'The casino providers\' seamless wallet (not built yet).' },
    ],
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
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
  calls.set(app, list);
  app.addHook('onRoute', (route) => {
    const call = (route.config as { call?: CallRouteInfo } | undefined)?.call;
    if (call && route.method === 'POST') list.push(call);
  });
  let doc: string | undefined;
  app.get('/api/openapi.json', async (_req, reply) => {
    doc ??= JSON.stringify(openApiDocument(list));
    return reply.header('content-type', 'application/json; charset=utf-8').send(doc);
  });
}
