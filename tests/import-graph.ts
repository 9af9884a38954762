/**
 * The import graph of the repository's TypeScript, read from the import statements as a newcomer
 * would: static, dynamic and re-export imports of relative paths, type-only ones included (a type
 * import still says which module a reader must open to understand this one).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/** The .ts/.tsx files below a folder of the repository, relative to the root. */
export function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'locales') continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(name) && !/\.gen\.ts$/.test(name) && !/\.d\.ts$/.test(name)) out.push(relative(ROOT, p));
    }
  };
  walk(join(ROOT, folder));
  return out.sort();
}

/** The relative specifiers a source text imports, with whether each is type-only. */
export function importSpecifiers(text: string): { spec: string; typeOnly: boolean }[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: { spec: string; typeOnly: boolean }[] = [];
  const re = /(\bimport\s+type\b[^;]*?\bfrom\s+|\bexport\s+type\b[^;]*?\bfrom\s+|\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const m of code.matchAll(re)) out.push({ spec: m[2]!, typeOnly: /^(import|export)\s+type\b/.test(m[1]!) });
  return out;
}

export interface Edge { from: string; to: string; typeOnly: boolean }

/** Every import edge between files of the given folders (targets outside them are dropped). */
export function importEdges(folders: string[]): Edge[] {
  const files = new Set(folders.flatMap(sourceFiles));
  const edges: Edge[] = [];
  for (const from of files) {
    for (const { spec, typeOnly } of importSpecifiers(readFileSync(join(ROOT, from), 'utf8'))) {
      let to = relative(ROOT, resolve(dirname(join(ROOT, from)), spec));
      if (!files.has(to)) {
        const withExt = ['.ts', '.tsx', '/index.ts'].map((e) => to + e).find((p) => files.has(p));
        if (!withExt) continue;
        to = withExt;
      }
      edges.push({ from, to, typeOnly });
    }
  }
  return edges;
}

/** The strongly connected components with more than one file (Tarjan), largest first. */
export function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, []);
    if (!next.has(e.to)) next.set(e.to, []);
    next.get(e.from)!.push(e.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => b.length - a.length);
}

export const fileExists = (rel: string): boolean => existsSync(join(ROOT, rel));
