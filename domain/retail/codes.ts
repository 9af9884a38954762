/**
 * Retail codes: the ticket and voucher codes a shop's customer holds, and the booking
 * code of a saved slip. A ticket or voucher is a bearer instrument, so its code is 13 random
 * Crockford base32 symbols (65 bits) and a Luhn mod 32 check symbol: easy to read aloud and type
 * (no I, L, O, U; case-insensitive; O read as 0 and I/L as 1), and a typo is caught before any
 * lookup. A booking code only reloads a slip: 7 random symbols (35 bits) and a check, valid for
 * hours. Randomness is a parameter (no crypto import here): the server passes crypto bytes.
 */

/** Crockford's base32 alphabet. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Random symbols of a ticket or voucher code (13 x 5 = 65 bits). */
export const TICKET_CODE_RANDOM = 13;
/** Random symbols of a booking code (7 x 5 = 35 bits; it expires and checking it is rate-limited). */
export const BOOKING_CODE_RANDOM = 7;

/** Luhn mod 32: the symbol that makes the weighted sum of the whole code a multiple of 32. */
export function checkSymbol(body: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    let addend = factor * CODE_ALPHABET.indexOf(body[i]!);
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / 32) + (addend % 32);
    sum += addend;
  }
  return CODE_ALPHABET[(32 - (sum % 32)) % 32]!;
}

/** A new code of `random` symbols plus its check symbol, from random bytes (one byte per symbol). */
export function newCode(randomBytes: Uint8Array, random: number): string {
  if (randomBytes.length < random) throw new Error(`need ${random} random bytes`);
  let body = '';
  // 256 is a multiple of 32: the low 5 bits of a uniform byte are uniform.
  for (let i = 0; i < random; i++) body += CODE_ALPHABET[randomBytes[i]! & 31];
  return body + checkSymbol(body);
}

/**
 * A typed or scanned code in its canonical form: upper case, separators removed, O as 0 and I/L
 * as 1. Returns null when a symbol is not of the alphabet or the check symbol is wrong.
 */
export function normalizeCode(input: string, random: number): string | null {
  const s = input.toUpperCase().replace(/[\s\-_.]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (s.length !== random + 1) return null;
  for (const ch of s) if (!CODE_ALPHABET.includes(ch)) return null;
  return checkSymbol(s.slice(0, -1)) === s.slice(-1) ? s : null;
}

/** A code in groups of four for reading and typing (ABCD-EFGH-JKMN-PQ). */
export function formatCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
