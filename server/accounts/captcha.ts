import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

// Characters without look-alikes (no 0/O, 1/I), drawn as strokes on a 4x6 grid: no text in the
// image, so the answer is not in the SVG source.
const GLYPHS: Record<string, number[][][]> = {
  '2': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  '3': [[[0, 0], [4, 0], [2, 2.5], [4, 3.5], [4, 5], [3, 6], [0, 6]]],
  '4': [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  '5': [[[4, 0], [0, 0], [0, 2.5], [3, 2.5], [4, 3.5], [4, 5], [3, 6], [0, 6]]],
  '7': [[[0, 0], [4, 0], [1.5, 6]]],
  '8': [[[1, 0], [3, 0], [4, 1], [4, 2], [0, 4], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [0, 2], [0, 1], [1, 0]]],
  A: [[[0, 6], [2, 0], [4, 6]], [[1, 3.5], [3, 3.5]]],
  C: [[[4, 0], [1, 0], [0, 1], [0, 5], [1, 6], [4, 6]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 3.5], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]]],
  R: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3], [4, 6]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
};
const CHARS = Object.keys(GLYPHS);

const rnd = (min: number, max: number) => min + (randomInt(0, 10_000) / 10_000) * (max - min);

/** A random captcha text and its SVG drawing. */
export function drawCaptcha(length = 5): { text: string; svg: string } {
  let text = '';
  const parts: string[] = [];
  for (let i = 0; i < length; i++) {
    const ch = CHARS[randomInt(0, CHARS.length)]!;
    text += ch;
    const x0 = 12 + i * 28 + rnd(-3, 3);
    const y0 = 10 + rnd(-4, 4);
    const s = rnd(4.2, 5);
    const rot = rnd(-18, 18);
    const paths = GLYPHS[ch]!.map((stroke) => `M${stroke.map(([x, y]) => `${(x0 + x! * s + rnd(-1, 1)).toFixed(1)} ${(y0 + y! * s + rnd(-1, 1)).toFixed(1)}`).join(' L')}`);
    parts.push(`<path transform="rotate(${rot.toFixed(1)} ${x0 + 2 * s} ${y0 + 3 * s})" d="${paths.join(' ')}" fill="none" stroke="#1b2a4a" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`);
  }
  const noise = Array.from({ length: 6 }, () => `<path d="M${rnd(0, 160).toFixed(0)} ${rnd(0, 50).toFixed(0)} Q${rnd(0, 160).toFixed(0)} ${rnd(0, 50).toFixed(0)} ${rnd(0, 160).toFixed(0)} ${rnd(0, 50).toFixed(0)}" fill="none" stroke="#7a8bb0" stroke-width="1.2"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="50" viewBox="0 0 160 50"><rect width="160" height="50" fill="#eef2fa"/>${noise.join('')}${parts.join('')}</svg>`;
  return { text, svg };
}

/** Creates a captcha: its answer is stored hashed; the caller gets the id and the image. */
export async function createCaptcha(q: Queryable, now: number): Promise<{ id: string; image: string }> {
  const { text, svg } = drawCaptcha();
  const id = randomBytes(16).toString('base64url');
  await q.query('delete from captchas where expires_at < $1', [new Date(now)]);
  await q.query('insert into captchas (id, answer_hash, expires_at) values ($1, $2, $3)', [id, sha(`${id}:${text}`), new Date(now + 10 * 60_000)]);
  return { id, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Checks an answer (case-insensitive) and uses the captcha up, right or wrong. */
export async function solveCaptcha(q: Queryable, id: string, answer: string, now: number): Promise<boolean> {
  const rows = await q.query<{ answer_hash: string }>('delete from captchas where id = $1 and expires_at > $2 returning answer_hash', [id, new Date(now)]);
  return !!rows[0] && rows[0].answer_hash === sha(`${id}:${answer.trim().toUpperCase()}`);
}
