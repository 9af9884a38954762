/** Server configuration from the environment; every knob has an embedded default. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; when empty the embedded PGlite database in dataDir is used. */
  databaseUrl: string;
  dataDir: string;
  /** Redis URL for the feed bus across processes; empty = in-process bus. */
  redisUrl: string;
  /** Folder of the built PWA served at /. */
  staticDir: string;
  /** Session lifetime in seconds. */
  sessionTtl: number;
  /** Set the Secure flag on the session cookie (behind HTTPS). */
  cookieSecure: boolean;
  /** Load demo data on first start. */
  demo: boolean;
  logLevel: string;
  /** X-Forwarded-For is believed only from these proxies (Fastify trustProxy); off by default. */
  trustProxy: boolean | string;
  /** The port of the process's own /metrics listener (METRICS_PORT; unset or 0: none, so processes sharing a host never collide). */
  metricsPort: number;
  /** METRICS_TOKEN: also serve /metrics on the public port, to a bearer of it. */
  metricsToken: string | undefined;
  /** leader | follower | auto (default): who runs the feed and the once-per-deployment work (server/cluster). */
  feedRole: 'leader' | 'follower' | 'auto';
  /** Seconds a leader's lease lasts without renewal (LEASE_TTL_SEC, default 5): a takeover takes about this plus 1 s. */
  leaseTtlSec: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? '',
    dataDir: env.DATA_DIR ?? './data',
    redisUrl: env.REDIS_URL ?? '',
    staticDir: env.STATIC_DIR ?? './dist',
    sessionTtl: Number(env.SESSION_TTL ?? 7 * 24 * 3600),
    cookieSecure: env.COOKIE_SECURE === '1',
    demo: env.DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsPort: Number(env.METRICS_PORT ?? 0) || 0,
    metricsToken: env.METRICS_TOKEN || undefined,
    feedRole: env.FEED_ROLE === 'leader' || env.FEED_ROLE === 'follower' ? env.FEED_ROLE : 'auto',
    leaseTtlSec: Number(env.LEASE_TTL_SEC ?? 5),
  };
}

function parseTrustProxy(v: string | undefined): boolean | string {
  if (!v || v === '0' || v === 'false') return false;
  if (v === 'true') return true;
  return v;
}
