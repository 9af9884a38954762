import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createInterface } from 'node:readline';

/** CPU seconds (user + system) a process has used, from /proc (Linux); 0 when unreadable. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The server role of the HTTP benchmarks (create-coupon, casino-wallet): the app on the given
 * database with the clock at the seed time, printing one line `PORT n` for the parent to read.
 */
export async function serveBenchApp(url: string): Promise<void> {
  const { openDb } = await import('../../server/db/client.ts');
  const { buildApp } = await import('../../server/http/app.ts');
  const { SEED_NOW } = await import('../server/harness.ts');
  const db = await openDb({ databaseUrl: url });
  const app = await buildApp({ db, clock: () => SEED_NOW, loginRateMax: 1_000_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  console.log(`PORT ${typeof addr === 'object' && addr ? addr.port : 0}`);
  process.on('SIGTERM', () => void app.close().then(() => db.close()).then(() => process.exit(0)));
  process.on('SIGINT', () => process.exit(0));
}

export interface BenchServer {
  child: ChildProcess;
  port: number;
  /** A POST over the keep-alive agent: the status and the body's text. */
  post(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }>;
  /** Stops the server and the agent. */
  close(): Promise<void>;
}

/**
 * Starts a bench file as the server child (`<file> --serve <database url>`, PG_POOL_* fitted to a
 * benchmark unless set) and waits for its `PORT n` line. BENCH_CPU_PROF=<dir>: the server writes a
 * V8 CPU profile of the whole run there (open it in Chrome's DevTools).
 */
export async function startBenchServer(file: string, dbUrl: string, opts: { env?: Record<string, string>; sockets: number }): Promise<BenchServer> {
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', file, '--serve', dbUrl], {
    env: { ...process.env, PG_POOL_MAX: process.env.PG_POOL_MAX ?? '8', PG_POOL_MIN: process.env.PG_POOL_MIN ?? '8', PG_IDLE_MS: process.env.PG_IDLE_MS ?? '60000', ...opts.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (line) => { const m = /^PORT (\d+)/.exec(line); if (m) resolve(Number(m[1])); });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.sockets });
  return {
    child, port,
    post: (path, body, headers) => new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    }),
    async close() {
      agent.destroy();
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
    },
  };
}
