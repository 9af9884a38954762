/**
 * The core of a call, free of any transport: the error a handler throws, the context it gets and
 * the contract of a call's definition. Area modules import these; server/http/ adapts them to
 * Fastify (defineCall registers POST /api/<name> and turns a CallError into the spec's reply).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { MessageKey } from '../../domain/messages.ts';

/** A failure in the spec's reply shape with its HTTP code; thrown by handlers, caught once. */
export class CallError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly key: MessageKey,
    readonly args: Record<string, string | number> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/** What a handler may read of the request that carried its call. */
export interface CallRequest {
  ip: string;
  headers: IncomingHttpHeaders;
  cookies: { [name: string]: string | undefined };
}

/** What a handler may set on the reply (the session's cookie). */
export interface CallReply {
  setCookie(name: string, value: string, options?: Record<string, unknown>): unknown;
  clearCookie(name: string, options?: Record<string, unknown>): unknown;
}

/**
 * What every call handler gets besides its validated payload. The transport gives its own request
 * and reply (server/http: Fastify's), of which an area module reads only CallRequest and CallReply.
 */
export interface CallContext<Req extends CallRequest = CallRequest, Reply extends CallReply = CallReply> {
  db: Db;
  now: number;
  lang: string;
  /** The user of the session cookie; never a payload field. */
  userId: number | null;
  req: Req;
  reply: Reply;
}

/** What every registrar of an app's routes gets: the database and the clock (server/http adds the live feed's state). */
export interface AppDeps {
  db: Db;
  clock: () => number;
}

/** A call's handler: its validated payload and context in, the reply's fields out (or a CallError thrown). */
export type CallHandler<S extends z.ZodType, Ctx extends CallContext = CallContext> = (payload: z.infer<S>, ctx: Ctx) => Promise<Record<string, unknown>>;

/** How a call is guarded and limited, besides its schema. */
export interface CallOptions {
  auth?: boolean;
  rateLimit?: { max: number; timeWindow: number };
  /** A permission the user must hold (implies auth): 'onlineUser', 'sportUser|liveUser' (any one). */
  permission?: string;
  /**
   * Logged-out only (register, forgot and reset password): a session user is refused, as the
   * route guard sends them Home; not when login_screen is 1, where the guard lets them in too.
   */
  loggedOut?: boolean;
  /** A larger body than the app's 256 KiB (image uploads), in bytes. */
  bodyLimit?: number;
  /** Set by defineBoCall ('guard') and by bo/login ('login'): the only ways a bo/ call is registered. */
  backOffice?: 'guard' | 'login';
}

/** What a call route carries in its Fastify config (read by the OpenAPI description, server/ops/openapi.ts). */
export interface CallRouteInfo {
  name: string;
  schema: z.ZodType;
  auth: boolean;
  permission?: string;
  /** A back-office call: 'guard' when defineBoCall registered it, 'login' for bo/login itself. */
  backOffice?: 'guard' | 'login';
}
