/**
 * The rule of src/'s folders, read from the import statements (static, dynamic and side-effect
 * imports, types included):
 * - the app's frame (main.tsx, router.tsx, routes/) composes the pages: it may import any module;
 * - a feature (features/<area>/) imports the shared folders (ui/, state/, i18n/, pwa/,
 *   core-client.ts) and its own files; another feature only through that feature's index.ts, the
 *   few pieces it offers the others, never its other files;
 * - the shared folders never import a feature or a route: what more than one feature needs lives
 *   in ui/ (pieces, hooks, words) or state/ (stores), and a shared piece that shows a feature's
 *   part (the top bar's menu and account menu) takes it from the frame as a prop.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

const walk = (dir: string, out: string[] = []): string[] => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.gen\.ts$/.test(name)) out.push(p);
  }
  return out;
};

/** The relative imports of a source text: `from '...'`, `import '...'`, `import('...')`. */
export function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
}

/** Where a file sits: the frame, a feature (with its area), or a shared folder. */
export function placeOf(path: string): { kind: 'frame' } | { kind: 'feature'; area: string } | { kind: 'shared'; folder: string } {
  const parts = path.split('/');
  if (parts[0] === 'features' && parts.length > 2) return { kind: 'feature', area: parts[1]! };
  if (parts[0] === 'routes' || parts[0] === 'main.tsx' || parts[0] === 'router.tsx') return { kind: 'frame' };
  return { kind: 'shared', folder: parts[0]! };
}

/** Why an import from `from` to `to` (both relative to src/) breaks the rule, or null. */
export function breach(from: string, to: string): string | null {
  const a = placeOf(from);
  const b = placeOf(to);
  if (a.kind === 'frame' || b.kind === 'shared') return null;
  if (b.kind === 'frame') return 'imports the frame';
  if (a.kind === 'shared') return 'a shared folder imports a feature';
  if (a.area === b.area) return null;
  return to === `features/${b.area}/index.ts` ? null : `reaches into features/${b.area} past its index.ts`;
}

describe('src boundaries', () => {
  it('the rule itself: what it allows and refuses', () => {
    expect(breach('features/home/Home.tsx', 'ui/SportIcon.tsx')).toBeNull();
    expect(breach('features/home/Home.tsx', 'features/home/LiveNow.tsx')).toBeNull();
    expect(breach('features/home/Home.tsx', 'features/casino/index.ts')).toBeNull();
    expect(breach('routes/$lang/route.tsx', 'features/account/AccountMenu.tsx')).toBeNull();
    expect(breach('features/home/Home.tsx', 'features/casino/HomeCasino.tsx')).toMatch(/past its index/);
    expect(breach('ui/TopBar.tsx', 'features/account/AccountMenu.tsx')).toMatch(/shared folder/);
    expect(breach('state/live.ts', 'features/live/index.ts')).toMatch(/shared folder/);
    expect(breach('features/live/LiveBets.tsx', 'routes/$lang/route.tsx')).toMatch(/frame/);
    const text = "import a from './a.ts';\nexport { b } from '../b.ts';\nimport './c.css';\nconst d = lazy(() => import('./d.tsx'));\n"
      + "// import x from './x.ts'";
    expect(importsOf(text)).toEqual(['./a.ts', '../b.ts', './c.css', './d.tsx']);
  });

  it('features import ui/ and state/, another feature only through its index.ts; shared folders import no feature', () => {
    const found: string[] = [];
    for (const file of walk(SRC)) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const target = resolve(dirname(file), spec);
        if (!target.startsWith(SRC + '/')) continue;
        const from = relative(SRC, file);
        const to = relative(SRC, target);
        const why = breach(from, to);
        if (why) found.push(`src/${from} -> src/${to}: ${why}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("a feature's index.ts only re-exports its own modules", () => {
    const indexes = walk(join(SRC, 'features')).filter((f) => /features\/[^/]+\/index\.ts$/.test(f));
    expect(indexes.length).toBeGreaterThan(0);
    for (const file of indexes) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').trim();
      for (const line of code.split('\n')) expect(line, relative(ROOT, file)).toMatch(/^export (type )?\{[^}]*\} from '\.\/[^'/]+';$/);
    }
  });
});
