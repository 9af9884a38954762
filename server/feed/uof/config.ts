/**
 * Configuration of the Unified Odds Feed (FEED_SOURCE=uof), from the environment:
 * UOF_AMQP_URL (the whole URL: access token as user, the bookmaker's virtual host), UOF_API_URL,
 * UOF_ACCESS_TOKEN, UOF_NODE_ID, UOF_LANGUAGES, and the less common UOF_EXCHANGE, UOF_PRODUCERS,
 * UOF_ALIVE_TIMEOUT_SEC.
 */
import { LANGUAGES } from '../../../domain/languages.ts';

export interface UofConfig {
  amqpUrl: string;
  exchange: string;
  apiUrl: string;
  token: string;
  nodeId?: number | undefined;
  /** Languages names are fetched in; the first names live matches (English first when listed). */
  languages: string[];
  /** Producers watched (1 LiveOdds, 3 Betradar Ctrl ...). */
  producers: number[];
  aliveTimeoutMs: number;
}

export class UofConfigError extends Error {}

const CODES: ReadonlySet<string> = new Set(LANGUAGES);

/** The feed's configuration; throws naming the variable that is missing or wrong. */
export function uofConfigFromEnv(env: Record<string, string | undefined>): UofConfig {
  const token = env.UOF_ACCESS_TOKEN ?? '';
  let amqpUrl = env.UOF_AMQP_URL ?? '';
  if (!amqpUrl) throw new UofConfigError('UOF_AMQP_URL is required with FEED_SOURCE=uof');
  if (!token) throw new UofConfigError('UOF_ACCESS_TOKEN is required with FEED_SOURCE=uof');
  let u: URL;
  try {
    u = new URL(amqpUrl);
  } catch {
    throw new UofConfigError('UOF_AMQP_URL is not a URL');
  }
  if (u.protocol !== 'amqp:' && u.protocol !== 'amqps:') throw new UofConfigError('UOF_AMQP_URL must be amqp:// or amqps://');
  // the feed's broker takes the access token as the user name
  if (!u.username) {
    u.username = encodeURIComponent(token);
    amqpUrl = u.toString();
  }
  const languages = (env.UOF_LANGUAGES || 'en,tr').split(',').map((l) => l.trim()).filter(Boolean);
  const unknown = languages.filter((l) => !CODES.has(l));
  if (unknown.length) throw new UofConfigError(`UOF_LANGUAGES: not a language of the site: ${unknown.join(', ')}`);
  // English first when fetched: the plain name columns and live names are in it
  if (languages.includes('en')) languages.sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : 0));
  const nodeId = env.UOF_NODE_ID ? Number(env.UOF_NODE_ID) : undefined;
  if (nodeId !== undefined && !Number.isSafeInteger(nodeId)) throw new UofConfigError('UOF_NODE_ID must be an integer');
  const producers = (env.UOF_PRODUCERS || '1,3').split(',').map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  return {
    amqpUrl, exchange: env.UOF_EXCHANGE || 'unifiedfeed', apiUrl: (env.UOF_API_URL || 'https://api.betradar.com/v1').replace(/\/+$/, ''), token, nodeId,
    languages, producers, aliveTimeoutMs: Number(env.UOF_ALIVE_TIMEOUT_SEC || 20) * 1000,
  };
}
