/**
 * Binary codec of feed frames: msgpack records over a fixed, versioned record dictionary.
 *
 * Why a fixed dictionary: msgpackr's shared `structures` are not written into the messages that
 * use them, so an encoder that grows its dictionary as it meets new shapes can only be read by a
 * decoder that saw the same history. Freezing the dictionary (maxSharedStructures = its length)
 * makes every frame decodable on its own: a client connecting mid-stream, a resync, or a server
 * process reading the Redis bus all decode with a fresh Unpackr. Shapes outside the dictionary
 * still work: msgpackr writes their record definition inline in that frame.
 * Changing the dictionary changes the wire: bump FEED_PROTOCOL_VERSION in feed.ts.
 */
import { Packr, Unpackr } from 'msgpackr';
import type { ClientMessage, FeedFrame } from './feed.ts';

/** Key lists in the exact order the constructors of feed.ts build them. Append only. */
const FEED_STRUCTURES: readonly (readonly string[])[] = [
  ['seq', 't', 'kind', 'matches'],
  ['seq', 't', 'kind', 'changes'],
  ['id', 'h', 'a', 'hid', 'aid', 'sid', 'cid', 'tid', 'cn', 'tn', 'd', 'ms', 'bs', 'ac', 'iss', 'isv',
    'scr', 'sscr', 'pe', 'ti', 'pl', 'cards', 'corners', 'u', 'odds'],
  ['h', 'a'],
  ['yh', 'ya', 'rh', 'ra'],
  ['oddsid', 'oddstype', 'typeName', 'nicename', 'special', 'active', 'iss', 'isv', 'outcomes'],
  ['oddid', 'outcomeid', 'outcome', 'odd', 'special', 'active', 'iss', 'isv'],
  ['k', 'm', 'g', 'o', 'v', 'ac'],
  ['k', 'm', 'g', 'ac', 'iss', 'isv'],
  ['k', 'm', 'odds'],
  ['k', 'm', 'ms', 'bs', 'ti', 'pe'],
  ['k', 'm', 'scr', 'sscr', 'cards', 'corners'],
  ['k', 'match'],
  ['k', 'm', 'sid'],
  ['op'],
  ['op', 'sports'],
  ['op', 'matches'],
  ['op', 'sports', 'matches'],
  // protocol 2: the game score and added time (the live match, status and score changes)
  ['id', 'h', 'a', 'hid', 'aid', 'sid', 'cid', 'tid', 'cn', 'tn', 'd', 'ms', 'bs', 'ac', 'iss', 'isv',
    'scr', 'sscr', 'pe', 'ti', 'pl', 'cards', 'corners', 'u', 'odds', 'p', 'tie', 'tiee'],
  ['k', 'm', 'ms', 'bs', 'ti', 'pe', 'tie', 'tiee'],
  ['k', 'm', 'scr', 'sscr', 'cards', 'corners', 'p'],
];

function codecOptions() {
  return {
    useRecords: true,
    // a private copy: msgpackr annotates the array it is given
    structures: FEED_STRUCTURES.map((s) => [...s]),
    maxSharedStructures: FEED_STRUCTURES.length,
    mapsAsObjects: true,
  };
}

/** A matched encoder/decoder pair. Stateless across frames, so one pair may serve every stream. */
export interface FeedCodec {
  encodeFrame(frame: FeedFrame): Uint8Array;
  decodeFrame(bytes: Uint8Array): FeedFrame;
  encodeClientMessage(msg: ClientMessage): Uint8Array;
  decodeClientMessage(bytes: Uint8Array): ClientMessage | null;
}

/** A new codec pair (its own buffers); the module-level helpers below share one. */
export function createFeedCodec(): FeedCodec {
  const packr = new Packr(codecOptions());
  const unpackr = new Unpackr(codecOptions());
  return {
    // msgpackr advances its write offset after each pack, so a returned view is never overwritten
    encodeFrame: (frame) => packr.pack(frame),
    decodeFrame: (bytes) => asFrame(unpackr.unpack(bytes)),
    encodeClientMessage: (msg) => packr.pack(msg),
    decodeClientMessage: (bytes) => {
      try {
        return asClientMessage(unpackr.unpack(bytes));
      } catch {
        return null;
      }
    },
  };
}

function asFrame(value: unknown): FeedFrame {
  const f = value as Partial<FeedFrame> | null;
  if (!f || typeof f.seq !== 'number' || typeof f.t !== 'number') throw new Error('feed: not a frame');
  if (f.kind === 'snapshot' && Array.isArray(f.matches)) return f as FeedFrame;
  if (f.kind === 'delta' && Array.isArray(f.changes)) return f as FeedFrame;
  throw new Error('feed: unknown frame kind');
}

const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x));

/** Validates a client message from any source (msgpack or JSON text); null when malformed. */
export function asClientMessage(value: unknown): ClientMessage | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as { op?: unknown; sports?: unknown; matches?: unknown };
  if (v.op === 'resync') return { op: 'resync' };
  if (v.op !== 'sub') return null;
  if (v.sports !== undefined && v.sports !== null && !isIdList(v.sports)) return null;
  if (v.matches !== undefined && v.matches !== null && !isIdList(v.matches)) return null;
  const msg: { op: 'sub'; sports?: number[]; matches?: number[] } = { op: 'sub' };
  if (isIdList(v.sports)) msg.sports = v.sports;
  if (isIdList(v.matches)) msg.matches = v.matches;
  return msg;
}

const shared = createFeedCodec();

/** Encodes a frame to msgpack bytes. */
export const encodeFrame = (frame: FeedFrame): Uint8Array => shared.encodeFrame(frame);
/** Decodes msgpack bytes to a frame; throws on bytes that are not a frame. */
export const decodeFrame = (bytes: Uint8Array): FeedFrame => shared.decodeFrame(bytes);
/** Encodes a client message to msgpack bytes. */
export const encodeClientMessage = (msg: ClientMessage): Uint8Array => shared.encodeClientMessage(msg);
/** Decodes a client message; null when malformed. */
export const decodeClientMessage = (bytes: Uint8Array): ClientMessage | null => shared.decodeClientMessage(bytes);
