/**
 * The layers of the code point one way (docs/architecture-server.md), read from the import
 * statements (static, dynamic and re-exports, type-only ones included):
 * - no import cycle anywhere in server/, domain/, workers/ and src/;
 * - domain/ imports nothing outside domain/; server/ imports neither workers/ nor src/, and they
 *   import nothing of server/ (test utilities that start a real server excepted);
 * - inside server/, from the bottom: util/ (pure helpers) imports nothing of server/ but util/;
 *   db/ (driver, migrator) only util/ and db/; core/ (the call core) only util/, db/ and core/;
 *   the areas import those and each other; http/ (the Fastify leaf) is imported only by main.ts,
 *   and main.ts by nothing.
 * The second definition of a SQL function is tests/server/sql-functions.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { cycles, importEdges, importSpecifiers } from './import-graph.ts';

/** Test files and test utilities: they may reach across layers to set a scene up. */
const isTestFile = (f: string): boolean => /\.test\.tsx?$|\.test-util\.ts$|test-fixtures\.ts$|\.bench\.ts$/.test(f);

const LOWER: Record<string, readonly string[]> = {
  'server/util/': ['server/util/'],
  'server/db/': ['server/util/', 'server/db/'],
  'server/core/': ['server/util/', 'server/db/', 'server/core/'],
};

/** Why an import from `from` to `to` (paths from the root) points up the layers, or null. */
export function upArrow(from: string, to: string): string | null {
  const top = (p: string) => p.split('/')[0]!;
  if (top(from) === 'domain' && top(to) !== 'domain') return 'domain/ imports outside domain/';
  if (top(from) === 'server' && (top(to) === 'workers' || top(to) === 'src')) return 'server/ imports the client';
  if ((top(from) === 'workers' || top(from) === 'src') && top(to) === 'server') return 'the client imports server/';
  if (top(from) === 'server' && top(to) === 'server') {
    for (const [layer, allowed] of Object.entries(LOWER)) {
      if (from.startsWith(layer) && !allowed.some((a) => to.startsWith(a))) return `${layer} imports above its layer`;
    }
    if (to.startsWith('server/http/') && !from.startsWith('server/http/') && from !== 'server/main.ts') return 'imports the http/ leaf';
    if (to === 'server/main.ts') return 'imports main.ts';
  }
  return null;
}

describe('the layers point one way', () => {
  it('the rules themselves', () => {
    expect(upArrow('server/backoffice/money.ts', 'server/core/call.ts')).toBeNull();
    expect(upArrow('server/http/routes/money.ts', 'server/payments/transfers.ts')).toBeNull();
    expect(upArrow('server/db/pg.ts', 'server/util/outage-log.ts')).toBeNull();
    expect(upArrow('server/betting/create-coupon.ts', 'server/http/routes/accounts.ts')).toMatch(/http/);
    expect(upArrow('server/db/queries/matches.ts', 'server/catalogue/markets.ts')).toMatch(/server\/db/);
    expect(upArrow('server/core/call.ts', 'server/feed/live-state.ts')).toMatch(/server\/core/);
    expect(upArrow('domain/catalogue/markets.ts', 'src/i18n/languages.ts')).toMatch(/domain/);
    expect(importSpecifiers("import type { A } from './a.ts';\nexport { b } from '../b.ts';\nconst c = await import('./c.ts');"))
      .toEqual([{ spec: './a.ts', typeOnly: true }, { spec: '../b.ts', typeOnly: false }, { spec: './c.ts', typeOnly: false }]);
    expect(cycles([{ from: 'a', to: 'b', typeOnly: false }, { from: 'b', to: 'a', typeOnly: true }, { from: 'b', to: 'c', typeOnly: false }]))
      .toEqual([['a', 'b']]);
  });

  const edges = importEdges(['server', 'domain', 'workers', 'src']);

  it('no import cycle in server/, domain/, workers/ and src/ (type imports included)', () => {
    expect(cycles(edges).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('no import points up the layers', () => {
    const found = edges.filter((e) => !isTestFile(e.from)).map((e) => [e, upArrow(e.from, e.to)] as const)
      .filter(([, why]) => why).map(([e, why]) => `${e.from} -> ${e.to}: ${why}`);
    expect(found).toEqual([]);
  });
});
