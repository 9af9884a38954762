import { readFileSync } from 'node:fs';

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
