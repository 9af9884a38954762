import { describe, expect, it } from 'vitest';
import { asClientMessage, createFeedCodec, decodeClientMessage, decodeFrame, encodeClientMessage, encodeFrame } from './feed-codec.ts';
import {
  addChange, deltaFrame, groupChange, oddChange, removeChange, scoreChange, snapshotFrame, statusChange,
} from './feed.ts';
import type { FeedChange, FeedFrame, LiveMatch } from './feed.ts';

function match(id: number): LiveMatch {
  return {
    id, h: 'Home FC', a: 'Away United', hid: 10, aid: 11, sid: 1, cid: 2, tid: 3, cn: 'England', tn: 'Premier League',
    d: 1_767_225_600_000, ms: '1p', bs: 'started', ac: 1, iss: 0, isv: 1,
    scr: { h: 1, a: 0 }, sscr: [], pe: 1, ti: 23, pl: 45, cards: { yh: 1, ya: 0, rh: 0, ra: 0 }, corners: { h: 3, a: 1 },
    u: 1_767_225_700_000,
    odds: [{
      oddsid: id * 100, oddstype: 1, typeName: 'Match result', nicename: 'Match result', special: '', active: 1, iss: 0, isv: 1,
      outcomes: [1, 2, 3].map((o) => ({ oddid: id * 1000 + o, outcomeid: o, outcome: String(o), odd: 1500 + o * 700, special: '', active: 1 as const, iss: 0 as const, isv: 1 as const })),
    }],
  };
}

function stream(): FeedFrame[] {
  const frames: FeedFrame[] = [snapshotFrame(1, 1000, [match(1), match(2)])];
  for (let seq = 2; seq <= 12; seq++) {
    const changes: FeedChange[] = [
      oddChange(1, 100, 1001, 1500 + seq, 1),
      groupChange(2, 200, 1, seq % 2 as 0 | 1, 1),
      statusChange(1, '2p', 'started', 46 + seq, 2),
      scoreChange(1, { h: seq, a: 0 }, [], { yh: 0, ya: 0, rh: 0, ra: 0 }, { h: 0, a: 0 }),
    ];
    if (seq === 6) changes.push(addChange(match(3)));
    if (seq === 9) changes.push(removeChange(2, 1));
    frames.push(deltaFrame(seq, 1000 + seq, changes));
  }
  return frames;
}

describe('feed codec', () => {
  it('round-trips snapshot and delta frames', () => {
    for (const f of stream()) expect(decodeFrame(encodeFrame(f))).toEqual(f);
  });

  it('lets a fresh decoder join mid-stream', () => {
    const enc = createFeedCodec();
    const frames = stream();
    const bytes = frames.map((f) => enc.encodeFrame(f));
    for (let i = 0; i < frames.length; i++) {
      // a new client, a resync or another server process reading the bus: no shared history
      expect(createFeedCodec().decodeFrame(bytes[i]!)).toEqual(frames[i]);
    }
  });

  it('keeps encoded bytes intact while later frames are encoded', () => {
    const enc = createFeedCodec();
    const frames = stream();
    const bytes = frames.map((f) => enc.encodeFrame(f));
    const dec = createFeedCodec();
    expect(bytes.map((b) => dec.decodeFrame(b))).toEqual(frames);
  });

  it('decodes shapes outside the dictionary without poisoning later frames', () => {
    const enc = createFeedCodec();
    const odd = { seq: 1, t: 2, kind: 'delta', changes: [{ k: 'o', m: 1, g: 2, o: 3, v: 1900, ac: 1, extra: 'x' }] } as unknown as FeedFrame;
    const other = { seq: 2, t: 3, kind: 'delta', changes: [{ zz: 1, k: 'r', m: 1, sid: 1 }, { zz: 2, k: 'r', m: 2, sid: 1 }] } as unknown as FeedFrame;
    const dec = createFeedCodec();
    expect(dec.decodeFrame(enc.encodeFrame(odd))).toEqual(odd);
    expect(dec.decodeFrame(enc.encodeFrame(other))).toEqual(other);
    const known = stream()[3]!;
    expect(createFeedCodec().decodeFrame(enc.encodeFrame(known))).toEqual(known);
    expect(dec.decodeFrame(enc.encodeFrame(known))).toEqual(known);
  });

  it('is compact: an odd change with 7-digit ids costs under 24 bytes', () => {
    const changes = Array.from({ length: 100 }, (_, i) => oddChange(1_000_123, 2_000_000 + i, 3_000_000 + i, 1850 + i, 1));
    const bytes = encodeFrame(deltaFrame(7, 1_767_225_600_000, changes));
    const json = JSON.stringify(deltaFrame(7, 1_767_225_600_000, changes));
    expect(bytes.length / 100).toBeLessThan(24);
    expect(bytes.length * 2.5).toBeLessThan(json.length);
  });

  it('rejects bytes that are not a frame', () => {
    expect(() => decodeFrame(encodeClientMessage({ op: 'resync' }))).toThrow();
  });

  it('round-trips and validates client messages', () => {
    expect(decodeClientMessage(encodeClientMessage({ op: 'sub', sports: [1, 5] }))).toEqual({ op: 'sub', sports: [1, 5] });
    expect(decodeClientMessage(encodeClientMessage({ op: 'sub', matches: [7] }))).toEqual({ op: 'sub', matches: [7] });
    expect(decodeClientMessage(encodeClientMessage({ op: 'resync' }))).toEqual({ op: 'resync' });
    expect(decodeClientMessage(new Uint8Array([0xc1]))).toBeNull();
    expect(asClientMessage(JSON.parse('{"op":"sub","sports":["x"]}'))).toBeNull();
    expect(asClientMessage(JSON.parse('{"op":"hack"}'))).toBeNull();
    expect(asClientMessage(JSON.parse('{"op":"sub"}'))).toEqual({ op: 'sub' });
  });
});
