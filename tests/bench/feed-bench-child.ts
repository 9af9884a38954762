/**
 * Pieces shared by the fan-out benches (fanout, fanout-capacity): the server child process they
 * measure, and the header of a feed frame read from its first bytes.
 */
import { spawn } from 'node:child_process';
import { decodeFrame } from '../../domain/protocol/feed-codec.ts';

/** A bench's server process: what it printed on its first line, questions over IPC, and stop. */
export interface BenchChild<I> {
  info: I;
  ask<T>(msg: string): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Starts `file` (a bench module) with `args` in a child Node process through tsx; the child prints
 * one JSON line when it listens, answers IPC messages with process.send, and exits on 'stop'.
 */
export async function startBenchChild<I>(file: string, args: string[]): Promise<BenchChild<I>> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: process.env });
  const info = await new Promise<I>((resolve) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n')[0];
      if (buf.includes('\n') && line) resolve(JSON.parse(line) as I);
    });
  });
  return {
    info,
    ask: <T>(msg: string) => new Promise<T>((resolve) => { child.once('message', (m) => resolve(m as T)); child.send(msg); }),
    stop: async () => {
      child.send('stop');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * The frame's kind, sequence and server time from its first bytes (record 0x40 snapshot / 0x41
 * delta, then msgpack seq and t), so thousands of clients in one process measure the server, not
 * their own decoding. Anything else is decoded in full.
 */
export function frameHeader(b: Buffer): { kind: 'snapshot' | 'delta'; seq: number; t: number } {
  const kind = b[0] === 0x40 ? 'snapshot' : b[0] === 0x41 ? 'delta' : null;
  let i = 1;
  let seq = -1;
  const x = b[i]!;
  if (x < 0x80) { seq = x; i += 1; } else if (x === 0xcc) { seq = b.readUInt8(i + 1); i += 2; } else if (x === 0xcd) { seq = b.readUInt16BE(i + 1); i += 3; } else if (x === 0xce) { seq = b.readUInt32BE(i + 1); i += 5; }
  const t = b[i] === 0xcb ? b.readDoubleBE(i + 1) : b[i] === 0xcf ? Number(b.readBigUInt64BE(i + 1)) : NaN;
  if (!kind || seq < 0 || Number.isNaN(t)) {
    const f = decodeFrame(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
    return { kind: f.kind, seq: f.seq, t: f.t };
  }
  return { kind, seq, t };
}
