/**
 * The Unified Odds Feed's XML (the AMQP messages of UnifiedFeed.xsd and the REST replies) read into
 * plain objects: fast-xml-parser for the tree, fast-xml-validator's syntax check first, so a
 * truncated or broken message is refused whole rather than half applied. Attributes stay strings;
 * the readers in messages.ts and api-types.ts pick the ones they know and ignore the rest.
 */
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';

/** Elements that may repeat, always read as arrays (a single one would otherwise be an object). */
const LISTS = new Set([
  'market', 'outcome', 'period_score', 'result', 'competitor', 'specifier', 'mapping', 'mapping_outcome', 'producer', 'attribute',
  'parent', 'reference_id', 'tv_channel', 'info', 'match_status', 'sport', 'betstop_reason', 'betting_status', 'void_reason', 'variant',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  removeNSPrefix: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && LISTS.has(name),
});

/** An XML element: attributes as strings, children as elements or lists of them. */
export type XmlNode = Record<string, unknown>;

/** The root element's name and content, or an error for XML that does not parse. */
export function parseXml(text: string | Buffer): { root: string; node: XmlNode } | { error: string } {
  const xml = typeof text === 'string' ? text : text.toString('utf8');
  let doc: Record<string, unknown>;
  try {
    // throws on the first syntax error, with its line
    SyntaxValidator.validate(xml);
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch (err) {
    return { error: `malformed XML: ${(err as Error).message}` };
  }
  const root = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (!root) return { error: 'no root element' };
  const node = doc[root];
  return { root, node: node && typeof node === 'object' ? (node as XmlNode) : {} };
}

/** A child element (the first when repeated). */
export function child(n: XmlNode | undefined, name: string): XmlNode | undefined {
  const v = n?.[name];
  const x = Array.isArray(v) ? v[0] : v;
  return x && typeof x === 'object' ? (x as XmlNode) : undefined;
}

/** The repeated child elements of a name. */
export function children(n: XmlNode | undefined, name: string): XmlNode[] {
  const v = n?.[name];
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : [v];
  return list.map((x) => (x && typeof x === 'object' ? (x as XmlNode) : {}));
}

/** An attribute as text, or undefined. */
export function attr(n: XmlNode | undefined, name: string): string | undefined {
  const v = n?.[name];
  return typeof v === 'string' ? v : undefined;
}

/** An attribute as an integer, or undefined when absent or not one. */
export function intAttr(n: XmlNode | undefined, name: string): number | undefined {
  const v = attr(n, name);
  if (v === undefined || !/^\s*-?\d+\s*$/.test(v)) return undefined;
  const x = Number(v);
  return Number.isSafeInteger(x) ? x : undefined;
}

/** An attribute as a finite number (a decimal score), or undefined. */
export function numAttr(n: XmlNode | undefined, name: string): number | undefined {
  const v = attr(n, name);
  if (v === undefined || v.trim() === '') return undefined;
  const x = Number(v);
  return Number.isFinite(x) ? x : undefined;
}
