import type { MessageTexts } from './messages/en.ts';

/**
 * Whether a notice is the technical failure (shown under its own title, account-platform.md
 * section 8): by its key, or by its body being the technical text of one of the given languages,
 * since most screens pass the server's msg as is.
 */
export function isTechnicalNotice(n: { key?: string; text?: string | undefined }, tables: Iterable<Partial<MessageTexts> | undefined>): boolean {
  if (n.key === 'technical') return true;
  const body = n.text?.trim();
  if (!body) return false;
  for (const t of tables) if (t?.technical === body) return true;
  return false;
}
