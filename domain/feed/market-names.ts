/**
 * Names of a provider's markets and outcomes from their templates ('Total {total}',
 * '{$competitor1} ({hcp})', '{!goalnr} goal'): rendered for one match, or made generic for the
 * catalogue, where the line is shown beside the name and the teams are 1 and 2. Pure.
 *
 * Placeholders: {x} the specifier's value, {+x} signed, {-x} negated and signed, {!x} ordinal,
 * {x+n} / {x-n} the value moved by n, {$competitor1} {$competitor2} the teams, {$event} both.
 * A placeholder it cannot fill is left as the specifier's value, or removed.
 */

export interface NameContext {
  specifiers: ReadonlyArray<readonly [string, string]>;
  home?: string | undefined;
  away?: string | undefined;
  /** The language of the template, for ordinals. */
  lang?: string | undefined;
}

const PLACEHOLDER = /\{([!+\-$%]?)([A-Za-z_][A-Za-z0-9_]*)([+-]\d+)?\}/g;

/** An ordinal of a number in a language ('2nd' in English, '2.' elsewhere). */
export function ordinal(n: number, lang = 'en'): string {
  if (lang !== 'en') return `${n}.`;
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** A decimal text with its sign: '+1.5', '-0.5', '0'. */
function signed(v: string): string {
  const n = Number(v);
  if (!Number.isFinite(n)) return v;
  return n > 0 ? `+${v.replace(/^\+/, '')}` : v;
}

function negated(v: string): string {
  const n = Number(v);
  if (!Number.isFinite(n)) return v;
  if (n === 0) return '0';
  return v.startsWith('-') ? `+${v.slice(1)}` : `-${v.replace(/^\+/, '')}`;
}

/** A template rendered for one match. */
export function renderName(template: string, ctx: NameContext): string {
  const spec = new Map(ctx.specifiers);
  const out = template.replace(PLACEHOLDER, (whole, mark: string, name: string, shift: string | undefined) => {
    if (mark === '$') {
      if (name === 'competitor1') return ctx.home ?? '1';
      if (name === 'competitor2') return ctx.away ?? '2';
      if (name === 'event') return ctx.home && ctx.away ? `${ctx.home} - ${ctx.away}` : '';
      return '';
    }
    const v = spec.get(name);
    if (v === undefined) return mark === '%' ? '' : whole;
    if (shift) {
      const n = Number(v) + Number(shift);
      return Number.isFinite(n) ? (mark === '!' ? ordinal(n, ctx.lang) : String(n)) : v;
    }
    if (mark === '!') return Number.isSafeInteger(Number(v)) ? ordinal(Number(v), ctx.lang) : v;
    if (mark === '+') return signed(v);
    if (mark === '-') return negated(v);
    return v;
  });
  return out.replace(/\s{2,}/g, ' ').trim();
}

/**
 * A template as a catalogue name, where the line is shown beside it: the teams as 1 and 2, the
 * specifier placeholders (and the brackets around them) left out; '{!goalnr} goal' -> 'Next goal'.
 */
export function genericName(template: string): string {
  const out = template
    .replace(/\{\$competitor1\}/g, '1')
    .replace(/\{\$competitor2\}/g, '2')
    .replace(/\{\$event\}/g, '')
    .replace(/^\{![A-Za-z_][A-Za-z0-9_]*(?:[+-]\d+)?\}\s+/, 'Next ')
    .replace(/\s*[([]\s*\{[^}]*\}\s*[)\]]/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\s+-\s*$/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return out || template;
}
