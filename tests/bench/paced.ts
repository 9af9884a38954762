/**
 * An open-loop load of the HTTP benchmarks: each of `players` starts an operation on a fixed
 * schedule, together `rate` a second for `seconds`, whatever the answers' latency. Measures the
 * latencies, and the CPU the server process, its PostgreSQL backends and this client used per
 * operation (on a shared machine the wall-clock figures depend on the neighbours, the CPU per
 * operation much less, and it gives the ceiling of an otherwise idle machine).
 */
import { availableParallelism, loadavg } from 'node:os';
import type { Db } from '../../server/db/client.ts';
import { cpuSeconds } from './bench-server.ts';

export const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export interface PacedResult { label: string; done: number; perSec: number; p50: number; p95: number; p99: number; max: number; failed: number; cpuMs: number; serverCpuMs: number; serverCpuS: number }

export interface PacedOptions { db: Db; dbName: string; serverPid: number; players: number; rate: number; seconds: number }

export async function paced(o: PacedOptions, label: string, work: (p: number, n: number) => Promise<boolean>): Promise<PacedResult> {
  const lat: number[] = [];
  let failed = 0;
  // the pool opens and closes backends during the run: each is followed from when it is first seen
  const backends = new Map<number, { base: number; last: number }>();
  const sampleBackends = async (first: boolean) => {
    for (const { pid } of await o.db.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [o.dbName])) {
      const now = cpuSeconds(pid);
      const b = backends.get(pid);
      if (b) { if (now > 0) b.last = now; } else backends.set(pid, { base: first ? now : 0, last: now });
    }
  };
  await sampleBackends(true);
  const sampler = setInterval(() => void sampleBackends(false).catch(() => undefined), 250);
  const cpu = () => ({ server: cpuSeconds(o.serverPid), pg: [...backends.values()].reduce((a, b) => a + b.last - b.base, 0), client: process.cpuUsage() });
  const cpu0 = { ...cpu(), pg: 0 };
  const load0 = loadavg()[0]!;
  const perPlayerMs = (1000 * o.players) / o.rate;
  const start = performance.now();
  const end = start + o.seconds * 1000;
  await Promise.all(Array.from({ length: o.players }, async (_, p) => {
    let next = start + (p * perPlayerMs) / o.players;
    for (let n = 0; next < end; n++, next += perPlayerMs) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const t = performance.now();
      if (!(await work(p, n).catch(() => false))) failed++;
      lat.push(performance.now() - t);
    }
  }));
  const elapsed = (performance.now() - start) / 1000;
  clearInterval(sampler);
  await sampleBackends(false);
  const cpu1 = cpu();
  const load1 = loadavg()[0]!;
  lat.sort((a, b) => a - b);
  const r = { label, done: lat.length, perSec: lat.length / elapsed, p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99), max: lat[lat.length - 1] ?? NaN, failed };
  console.log(`${label}: ${r.done} in ${elapsed.toFixed(1)} s = ${r.perSec.toFixed(0)}/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, failed ${failed}`);
  const clientCpu = (cpu1.client.user + cpu1.client.system - cpu0.client.user - cpu0.client.system) / 1e6;
  const server = cpu1.server - cpu0.server;
  const total = server + cpu1.pg - cpu0.pg + clientCpu;
  const per = (sec: number) => ((1000 * sec) / Math.max(1, r.done)).toFixed(2);
  console.log(`  CPU ms per operation: ${per(total)} (server ${per(server)}, PostgreSQL backends ${per(cpu1.pg - cpu0.pg)} (${backends.size}), client ${per(clientCpu)});`
    + ` load average ${load0.toFixed(1)} -> ${load1.toFixed(1)} on ${availableParallelism()} CPUs; ceiling on an otherwise idle machine ${total > 0 ? Math.round((availableParallelism() * r.done) / total) : 'n/a'}/s`);
  return { ...r, cpuMs: (1000 * total) / Math.max(1, r.done), serverCpuMs: (1000 * server) / Math.max(1, r.done), serverCpuS: server };
}
