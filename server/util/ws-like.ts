/**
 * The part of a server websocket (@fastify/websocket's `ws` socket) the pushes use: the feed, the
 * site revision and the home page's live pushes. Tests give plain objects of this shape.
 */
export interface WsLike {
  send(data: string | Uint8Array, opts?: { binary: boolean }): void;
  /** Bytes queued and not yet sent: a slow client is skipped, not buffered without end. */
  readonly bufferedAmount: number;
  close(code?: number, reason?: string): void;
  on(event: 'message', fn: (data: unknown, isBinary: boolean) => void): unknown;
  on(event: 'close' | 'error', fn: () => void): unknown;
}
