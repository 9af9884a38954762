/**
 * Provably fair randomness of the demo provider: the hash of the server seed is shown before play,
 * each outcome comes from HMAC-SHA256(server seed, "client seed:nonce:cursor"), and the server seed
 * is revealed afterwards so anyone can recompute the outcome.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const newServerSeed = (): string => randomBytes(32).toString('hex');
export const seedHash = (serverSeed: string): string => createHash('sha256').update(serverSeed).digest('hex');

/**
 * `count` uniform numbers in [0, 1) for one round: 4 bytes each (52 bits would be overkill for the
 * small strips here), a new HMAC block every 8 numbers.
 */
export function fairFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let cursor = 0; out.length < count; cursor++) {
    const block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
    for (let i = 0; i + 4 <= block.length && out.length < count; i += 4) out.push(block.readUInt32BE(i) / 2 ** 32);
  }
  return out;
}

/** An index drawn by weight from a uniform number in [0, 1). */
export function weighted(weights: readonly number[], u: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = u * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return weights.length - 1;
}
