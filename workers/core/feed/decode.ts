/**
 * Bytes of the feed socket to frames, and the client's requests to bytes. Plain functions: the
 * worker's socket code calls them, tests and the bench call them directly.
 */
import { createFeedCodec } from '../../../domain/protocol/feed-codec.ts';
import type { FeedCodec } from '../../../domain/protocol/feed-codec.ts';
import type { ClientMessage, FeedFrame } from '../../../domain/protocol/feed.ts';

// One codec per worker: frames are self-contained (fixed record dictionary), so no state is kept
// between them and a reconnect needs no reset.
const codec: FeedCodec = createFeedCodec();

/** Decodes one binary websocket message (ArrayBuffer with binaryType 'arraybuffer'). Throws on garbage. */
export function decodeFeedMessage(data: ArrayBuffer | Uint8Array): FeedFrame {
  return codec.decodeFrame(data instanceof Uint8Array ? data : new Uint8Array(data));
}

/** Encodes a subscription or resync request for the socket. */
export function encodeFeedRequest(msg: ClientMessage): Uint8Array {
  return codec.encodeClientMessage(msg);
}
