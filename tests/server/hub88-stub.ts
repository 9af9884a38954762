/**
 * A local stand-in of Hub88's Operator API, built from the published shapes (docs/hub88.md) with
 * fixtures of our own: game/list, game/url, game/round, freebet/prepaids/list and
 * freebet/rewards/create, each refusing a call whose X-Hub88-Signature does not verify with the
 * operator's public key (401 {error}); the thumbnails its list points at; a game page for the frame.
 * It also plays Hub88's side of the wallet: bodies signed with Hub88's private key. Keys are made
 * fresh for each run.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface KeyPairPem { privateKey: string; publicKey: string }
/** An RSA key pair in PEM (2048 bits, as Hub88's). */
export const rsaPair = (): KeyPairPem => generateKeyPairSync('rsa', {
  modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
export const signWith = (privateKeyPem: string, raw: string): string => sign('sha256', Buffer.from(raw), privateKeyPem).toString('base64');

export interface StubGame {
  game_id: number; game_code: string; name: string; product: string; category: string; url_thumb: string; url_background: string;
  platforms: string[]; blocked_countries: string[]; freebet_support: boolean; phoenix_jackpot_support: boolean; enabled: boolean;
  release_date: string; volatility: number; rtp: string; paylines: number; hit_ratio: string; certifications: string[]; languages: string[];
  technology: string[]; features: string[];
}

/** Our fixture catalogue: four studios, every product, one game Hub88 has switched off, one blocked in Turkey. */
const FIXTURES: Array<[code: string, name: string, studio: string, category: string, rtp: string, colours: [string, string], extra?: Partial<StubGame>]> = [
  ['aur_goldenlotus', 'Golden Lotus', 'Aurora Studios', 'Video Slots', '96.50', ['#f59e0b', '#7c2d12'], { freebet_support: true }],
  ['aur_vikingstorm', 'Viking Storm', 'Aurora Studios', 'Video Slots', '95.80', ['#38bdf8', '#1e3a8a'], { freebet_support: true }],
  ['aur_sugarcascade', 'Sugar Cascade', 'Aurora Studios', 'Video Slots', '96.20', ['#f472b6', '#831843']],
  ['aur_pharaohsgold', "Pharaoh's Gold", 'Aurora Studios', 'Video Slots', '94.90', ['#facc15', '#713f12']],
  ['nbl_lightningroulette', 'Lightning Roulette', 'Nebula Live', 'Live Dealer', '97.30', ['#a78bfa', '#2e1065']],
  ['nbl_blackjackvip', 'Blackjack VIP', 'Nebula Live', 'Live Dealer', '99.28', ['#34d399', '#064e3b']],
  ['nbl_baccaratsqueeze', 'Baccarat Squeeze', 'Nebula Live', 'Live Dealer', '98.94', ['#fb7185', '#4c0519']],
  ['kit_virtualderby', 'Virtual Derby', 'Kite Virtual', 'Virtual Sports', '92.00', ['#4ade80', '#14532d']],
  ['ldc_kenoexpress', 'Keno Express', 'Lucky Draw Co', 'Lottery', '93.00', ['#22d3ee', '#164e63']],
  ['ldc_bingo90', 'Bingo 90 Club', 'Lucky Draw Co', 'Bingo', '94.00', ['#fb923c', '#7c2d12']],
  ['aur_crystalcaves', 'Crystal Caves', 'Aurora Studios', 'Video Slots', '96.00', ['#818cf8', '#1e1b4b'], { enabled: false }],
  ['aur_nordicnights', 'Nordic Nights', 'Aurora Studios', 'Video Slots', '96.10', ['#93c5fd', '#172554'], { blocked_countries: ['TR'] }],
];

export function fixtureGames(base: string): StubGame[] {
  return FIXTURES.map(([code, name, studio, category, rtp, , extra], i) => ({
    game_id: 9000 + i, game_code: code, name, product: studio, category, url_thumb: `${base}/thumbs/${code}.png`, url_background: `${base}/bg/${code}.png`,
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'], blocked_countries: [], freebet_support: false, phoenix_jackpot_support: false, enabled: true,
    release_date: '2024-03-01', volatility: 3, rtp, paylines: 20, hit_ratio: '27.5', certifications: ['MT'], languages: ['en', 'tr', 'de'],
    technology: ['html5'], features: [], ...extra,
  }));
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
/** A tile of our own for a fixture game: its colours and name (PNG, as Hub88's thumbnails are raster images). */
async function thumbOf(code: string): Promise<Buffer | null> {
  const f = FIXTURES.find(([c]) => c === code);
  if (!f) return null;
  const [, name, studio, , , [a, b]] = f;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="300" height="300" fill="url(#g)"/><circle cx="230" cy="70" r="90" fill="#ffffff" opacity="0.12"/><circle cx="60" cy="250" r="70" fill="#000000" opacity="0.12"/>
    <text x="150" y="160" font-family="DejaVu Sans, sans-serif" font-size="26" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(name)}</text>
    <text x="150" y="200" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#ffffff" opacity="0.85" text-anchor="middle">${escapeXml(studio)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface StubCall { path: string; body: Record<string, unknown>; signed: boolean }

export interface Hub88Stub {
  url: string;
  /** Every call received, in order. */
  calls: StubCall[];
  /** The list game/list answers (tests change it between syncs). */
  games: StubGame[];
  /** Thumbnail requests served. */
  thumbHits: number;
  /** true: every API call answers 503 (Hub88 down). */
  down: boolean;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<Buffer> => new Promise((resolve, reject) => {
  const parts: Buffer[] = [];
  req.on('data', (c: Buffer) => parts.push(c));
  req.on('end', () => resolve(Buffer.concat(parts)));
  req.on('error', reject);
});

/** Starts the stand-in; `operatorPublicKey` verifies our signatures, `operatorId` is the id it expects. */
export async function startHub88Stub(opts: { operatorPublicKey: string; operatorId: number }): Promise<Hub88Stub> {
  const stub = { calls: [] as StubCall[], games: [] as StubGame[], thumbHits: 0, down: false } as Hub88Stub;
  const thumbs = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0]!;
      const send = (status: number, body: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
      };
      if (req.method === 'GET' && path.startsWith('/thumbs/')) {
        const png = thumbs.get(path.slice('/thumbs/'.length).replace(/\.png$/, ''));
        if (!png) return send(404, { error: 'not found' });
        stub.thumbHits++;
        return send(200, png, 'image/png');
      }
      if (req.method === 'GET' && path.startsWith('/play/')) {
        const code = decodeURIComponent(path.slice('/play/'.length));
        const name = FIXTURES.find(([c]) => c === code)?.[1] ?? code;
        return send(200, `<!doctype html><meta charset="utf-8"><title>${escapeXml(name)}</title><body style="margin:0;display:grid;place-items:center;height:100vh;background:#111827;color:#fff;font:700 24px sans-serif">${escapeXml(name)}</body>`, 'text/html');
      }
      if (req.method !== 'POST') return send(404, { error: 'not found' });
      const raw = await readBody(req);
      const sig = req.headers['x-hub88-signature'];
      const signed = typeof sig === 'string' && verify('sha256', raw, opts.operatorPublicKey, Buffer.from(sig, 'base64'));
      let body: Record<string, unknown> = {};
      try { body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>; } catch { /* refused below */ }
      stub.calls.push({ path, body, signed });
      if (stub.down) return send(503, { error: 'service unavailable' });
      if (!signed) return send(401, { error: 'invalid signature' });
      if (body.operator_id !== opts.operatorId) return send(401, { error: 'unknown operator_id' });
      switch (path) {
        case '/operator/generic/v2/game/list': return send(200, stub.games);
        case '/operator/generic/v2/game/url': {
          const g = stub.games.find((x) => x.game_code === body.game_code);
          if (!g) return send(404, { error: 'game not found' });
          return send(200, { url: `${stub.url}/play/${encodeURIComponent(g.game_code)}?currency=${String(body.currency)}${body.token ? `&t=${String(body.token)}` : ''}` });
        }
        case '/operator/generic/v2/game/round': return send(200, { url: `${stub.url}/round/${encodeURIComponent(String(body.round))}` });
        case '/operator/generic/v2/freebet/prepaids/list': {
          const codes = stub.games.filter((g) => g.freebet_support && (!body.game_code || g.game_code === body.game_code)).map((g) => g.game_code);
          return send(200, codes.flatMap((code, i) => [
            { prepaid_uuid: `0e6bde62-4713-4b85-b510-59f0d729d8${String(i).padStart(2, '0')}`, game_code: code, currency: 'TRY', bet_value: 100_000, bet_count: 10, bonus_buy: false },
            { prepaid_uuid: `7b5c8a93-4d3a-4bfb-8554-f923d46aa4${String(i).padStart(2, '0')}`, game_code: code, currency: 'TRY', bet_value: null, bet_count: null, bonus_buy: false },
          ]));
        }
        case '/operator/generic/v2/freebet/rewards/create':
          return send(200, { ...body, reward_uuid: randomUUID(), status: 'FRS_ACTIVE' });
        default: return send(404, { error: 'not found' });
      }
    })().catch((err: unknown) => { res.writeHead(500); res.end(String(err)); });
  });
  // drawn before the first request: the first SVG render (fonts) can take seconds
  for (const [code] of FIXTURES) thumbs.set(code, (await thumbOf(code))!);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.games = fixtureGames(stub.url);
  stub.close = () => new Promise<void>((r) => server.close(() => r()));
  return stub;
}
