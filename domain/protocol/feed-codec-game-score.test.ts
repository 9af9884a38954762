import { describe, expect, it } from 'vitest';
import { createFeedCodec } from './feed-codec.ts';
import { cloneLiveMatch, deltaFrame, scoreChange, snapshotFrame, statusChange, type LiveMatch } from './feed.ts';

const tennis: LiveMatch = {
  id: 9, h: 'A. Novak', a: 'M. Rossi', hid: 5001, aid: 5002, sid: 5, cid: 501, tid: 5001, cn: 'ATP', tn: 'Masters',
  d: 1000, ms: '2set', bs: 'started', ac: 1, iss: 0, isv: 1,
  scr: { h: 1, a: 0 }, sscr: [{ h: 6, a: 4 }, { h: 3, a: 2 }], pe: 2, ti: 70, pl: 0,
  cards: { yh: 0, ya: 0, rh: 0, ra: 0 }, corners: { h: 0, a: 0 }, u: 2000, odds: [],
  p: { h: 3, a: 4 }, tie: 0, tiee: 0,
};

describe('feed codec: game score and added time (protocol 2)', () => {
  it('round-trips the game score of a snapshot and of score changes, and added time of status changes', () => {
    const codec = createFeedCodec();
    const snap = snapshotFrame(1, 5000, [cloneLiveMatch(tennis)]);
    const back = codec.decodeFrame(codec.encodeFrame(snap));
    expect(back).toEqual(snap);
    expect(back.kind === 'snapshot' && back.matches[0]!.p).toEqual({ h: 3, a: 4 });

    const delta = deltaFrame(2, 6000, [
      scoreChange(9, { h: 1, a: 0 }, [{ h: 6, a: 4 }, { h: 3, a: 2 }], tennis.cards, tennis.corners, { h: 4, a: 4 }),
      statusChange(1, '2p', 'started', 90, 2, 3, 5),
    ]);
    const fresh = createFeedCodec(); // a decoder that saw no earlier frame still reads it
    expect(fresh.decodeFrame(codec.encodeFrame(delta))).toEqual(delta);
  });

  it('fills an older producer\'s match with a 0-0 game score and no added time on the wire', () => {
    const { p: _p, tie: _t, tiee: _e, ...old } = tennis;
    const wire = cloneLiveMatch(old);
    expect(wire.p).toEqual({ h: 0, a: 0 });
    expect([wire.tie, wire.tiee]).toEqual([0, 0]);
    // the dictionary's protocol-2 match shape is used: no inline record definition is needed
    const codec = createFeedCodec();
    const withNew = codec.encodeFrame(snapshotFrame(1, 1, [wire]));
    const inlineProbe = codec.encodeFrame(snapshotFrame(1, 1, [{ ...wire, extra: 1 } as LiveMatch]));
    expect(withNew.length).toBeLessThan(inlineProbe.length - 20);
  });
});
