/**
 * The calls we make to Hub88's Operator API (Games API and Freebets API): each JSON body signed
 * with our private key (RSA-SHA256, Base64 in X-Hub88-Signature), answers checked against the
 * published shapes. A refusal (Hub88 answers 4xx with {error}) or a failure to answer in time is a
 * Hub88Error, never a crash.
 */
import { z } from 'zod';
import type { Hub88Config } from './config.ts';
import { HUB88_SIGNATURE_HEADER, rsaSign } from './keys.ts';

export class Hub88Error extends Error {
  constructor(readonly httpStatus: number, readonly reason: string) {
    super(`Hub88 ${httpStatus || 'unreachable'}: ${reason}`);
  }
}

const str = z.string().max(2_000);
/** A game of /game/list (the fields we read; others pass). */
export const hub88Game = z.looseObject({
  game_id: z.number().int().nullable().optional(),
  game_code: z.string().min(1).max(255),
  name: z.string().min(1).max(255),
  product: z.string().max(255).nullable().optional(),
  category: z.string().max(255).nullable().optional(),
  url_thumb: str.nullable().optional(),
  url_background: str.nullable().optional(),
  platforms: z.array(z.string()).nullable().optional(),
  blocked_countries: z.array(z.string()).nullable().optional(),
  freebet_support: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
  rtp: z.union([z.string(), z.number()]).nullable().optional(),
});
export type Hub88Game = z.infer<typeof hub88Game>;

const urlReply = z.looseObject({ url: z.string().min(1).max(4_000) });

/** A prepaid of /freebet/prepaids/list: a reward template (bet_value in Hub88's integers; null: any). */
export const hub88Prepaid = z.looseObject({
  prepaid_uuid: z.string().min(1).max(100),
  game_code: z.string().max(255),
  currency: z.string().max(16),
  bet_value: z.number().int().nullable().optional(),
  bet_count: z.number().int().nullable().optional(),
  bonus_buy: z.boolean().nullable().optional(),
});
export type Hub88Prepaid = z.infer<typeof hub88Prepaid>;

/** A reward of /freebet/rewards/create. */
export const hub88Reward = z.looseObject({
  reward_uuid: z.string().min(1).max(100),
  status: z.string().max(40).nullable().optional(),
});
export type Hub88Reward = z.infer<typeof hub88Reward>;

export interface Hub88Client {
  gameList(): Promise<Hub88Game[]>;
  gameUrl(body: Record<string, unknown>): Promise<string>;
  gameRound(body: { user: string; transaction_uuid?: string; round: string }): Promise<string>;
  prepaids(body: { game_code?: string; currency?: string }): Promise<Hub88Prepaid[]>;
  createReward(body: Record<string, unknown>): Promise<Hub88Reward>;
}

const PATHS = {
  gameList: '/operator/generic/v2/game/list',
  gameUrl: '/operator/generic/v2/game/url',
  gameRound: '/operator/generic/v2/game/round',
  prepaids: '/operator/generic/v2/freebet/prepaids/list',
  createReward: '/operator/generic/v2/freebet/rewards/create',
} as const;

/** The client of a configuration; `fetchImpl` lets tests count or break calls. */
export function hub88Client(cfg: Hub88Config, fetchImpl: typeof fetch = fetch): Hub88Client {
  async function post<T>(path: string, body: Record<string, unknown>, shape: z.ZodType<T>): Promise<T> {
    if (!cfg.apiUrl || !cfg.privateKey || !cfg.operatorId) throw new Hub88Error(0, 'not configured');
    const raw = JSON.stringify({ ...body, operator_id: cfg.operatorId });
    let res: Response;
    try {
      res = await fetchImpl(`${cfg.apiUrl}${path}`, {
        method: 'POST', body: raw, signal: AbortSignal.timeout(cfg.timeoutMs),
        headers: { 'content-type': 'application/json', accept: 'application/json', [HUB88_SIGNATURE_HEADER]: rsaSign(cfg.privateKey, raw) },
      });
    } catch (err) {
      throw new Hub88Error(0, (err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message);
    }
    const text = await res.text().catch(() => '');
    let json: unknown;
    try { json = JSON.parse(text); } catch { json = undefined; }
    if (!res.ok) {
      const e = json && typeof json === 'object' ? (json as { error?: unknown }).error : undefined;
      throw new Hub88Error(res.status, typeof e === 'string' ? e.slice(0, 200) : text.slice(0, 200) || res.statusText);
    }
    const parsed = shape.safeParse(json);
    if (!parsed.success) throw new Hub88Error(res.status, `unexpected answer: ${parsed.error.issues[0]?.path.join('.') ?? ''}`);
    return parsed.data;
  }
  return {
    // one bad entry does not lose the whole list: it is left out
    gameList: async () => (await post(PATHS.gameList, {}, z.array(z.unknown()))).flatMap((g) => {
      const p = hub88Game.safeParse(g);
      return p.success ? [p.data] : [];
    }),
    gameUrl: async (body) => (await post(PATHS.gameUrl, body, urlReply)).url,
    gameRound: async (body) => (await post(PATHS.gameRound, body, urlReply)).url,
    prepaids: (body) => post(PATHS.prepaids, body, z.array(hub88Prepaid)),
    createReward: (body) => post(PATHS.createReward, body, hub88Reward),
  };
}
