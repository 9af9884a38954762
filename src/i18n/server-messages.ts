import { useEffect, useState } from 'react';
import type { MessageTexts } from '../../domain/messages/en.ts';

// The server's message table of one language (domain/messages/<lang>.ts), each a lazy chunk: the
// client needs it only to title a notice, so no language's table is in the start.
const files = import.meta.glob<Record<string, Partial<MessageTexts>>>('../../domain/messages/*.ts');
const loaded = new Map<string, Partial<MessageTexts>>();

async function load(lang: string): Promise<Partial<MessageTexts> | undefined> {
  const hit = loaded.get(lang);
  if (hit) return hit;
  const file = files[`../../domain/messages/${lang}.ts`];
  if (!file) return undefined;
  const table = (await file())[lang];
  if (table) loaded.set(lang, table);
  return table;
}

/** The server's texts of a language and of English (its fallback), once loaded: [] before. */
export function useServerTexts(lang: string): readonly Partial<MessageTexts>[] {
  const [tables, setTables] = useState<readonly Partial<MessageTexts>[]>(() => [loaded.get(lang), loaded.get('en')].filter((t) => t !== undefined));
  useEffect(() => {
    let live = true;
    void Promise.all([load(lang), load('en')]).then((ts) => { if (live) setTables(ts.filter((t) => t !== undefined)); });
    return () => { live = false; };
  }, [lang]);
  return tables;
}
