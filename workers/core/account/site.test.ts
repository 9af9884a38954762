import { describe, expect, it } from 'vitest';
import { createContext } from '../context.ts';
import type { CoreEvent } from '../events.ts';
import type { CoreTimers as LiveTimers } from '../timers.ts';
import { createAccountApi } from './account-api.ts';
import { createSite, SETTINGS_REFETCH_MS, SETTINGS_REV_POLL_MS, SETTINGS_STALE_MS } from './site.ts';

/** A server stand-in: /api/settings answers a numbered version; userdata answers a failure. */
function fakeServer() {
  const calls: string[] = [];
  let version = 0;
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    calls.push(url);
    if (url === '/api/settings') return new Response(JSON.stringify({ status: true, settings: { footer_text: `v${++version}` } }));
    return new Response(JSON.stringify({ status: false, login: false }));
  }) as typeof globalThis.fetch;
  return { fetch, settingsCalls: () => calls.filter((c) => c === '/api/settings').length, calls };
}

/** Virtual time: `every` timers fire when the clock passes their due time. */
function virtualTime() {
  let now = Date.parse('2026-06-01T12:00:00Z');
  const timers: Array<{ ms: number; due: number; fn: () => void; on: boolean }> = [];
  const every: LiveTimers['every'] = (ms, fn) => {
    const t = { ms, due: now + ms, fn, on: true };
    timers.push(t);
    return () => { t.on = false; };
  };
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = timers.filter((t) => t.on && t.due <= end).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      now = next.due;
      next.due += next.ms;
      next.fn();
      await new Promise((r) => setTimeout(r, 0));
    }
    now = end;
    await new Promise((r) => setTimeout(r, 0));
  };
  const timersOf: LiveTimers = { setTimeout: () => 0, clearTimeout: () => undefined, every, frame: () => undefined };
  return { clock: () => now, advance, timers: timersOf, active: () => timers.filter((t) => t.on).length };
}

const contextWith = (server: ReturnType<typeof fakeServer>, time: ReturnType<typeof virtualTime>) =>
  createContext({ fetch: server.fetch, db: null as never, clock: time.clock, uuid: () => 'u', live: { socket: () => { throw new Error('no socket'); }, timers: time.timers } });

describe('site settings in virtual time', () => {
  it('are re-fetched every 6 hours by the background timer and pushed to the UI', async () => {
    const server = fakeServer();
    const time = virtualTime();
    const ctx = contextWith(server, time);
    const events: CoreEvent[] = [];
    ctx.listeners.add((e) => events.push(e));
    const site = createSite(ctx, time.timers.every);
    await site.load();
    await site.load();
    expect(server.settingsCalls()).toBe(1);
    expect(time.active()).toBe(1);
    await time.advance(SETTINGS_REFETCH_MS - 1_000);
    expect(server.settingsCalls()).toBe(1);
    await time.advance(1_000);
    expect(server.settingsCalls()).toBe(2);
    expect(site.get().footer_text).toBe('v2');
    expect(events.filter((e) => e.type === 'site').length).toBe(2);
    await time.advance(2 * SETTINGS_REFETCH_MS);
    expect(server.settingsCalls()).toBe(4);
    site.stop();
    await time.advance(SETTINGS_REFETCH_MS);
    expect(server.settingsCalls()).toBe(4);
  });

  it('a failed user-data call reloads settings older than 5 minutes, and only those', async () => {
    const server = fakeServer();
    const time = virtualTime();
    const account = createAccountApi(contextWith(server, time));
    await account.refreshSession();
    // The first load fetched them; the failure right after finds them fresh.
    expect(server.settingsCalls()).toBe(1);
    expect(server.calls).toContain('/api/userdata');
    await time.advance(SETTINGS_STALE_MS - 1_000);
    await account.refreshSession();
    expect(server.settingsCalls()).toBe(1);
    await time.advance(2_000);
    await account.refreshSession();
    await new Promise((r) => setTimeout(r, 0));
    expect(server.settingsCalls()).toBe(2);
    expect((await account.siteView()).footerText).toBe('v2');
  });
});

describe('a back-office settings change', () => {
  it('reaches an open app at the next revision poll, by the new revision\'s own address', async () => {
    const time = virtualTime();
    let rev = 1;
    const calls: string[] = [];
    const fetch = (async (input: string | URL | Request) => {
      const url = String(input);
      calls.push(url);
      if (url === '/api/settings/rev') return new Response(JSON.stringify({ rev }));
      return new Response(JSON.stringify({ status: true, rev, settings: { maintenance: rev > 1 ? 1 : 0 } }));
    }) as typeof globalThis.fetch;
    const ctx = createContext({ fetch, db: null as never, clock: time.clock, uuid: () => 'u', live: { socket: () => { throw new Error('no socket'); }, timers: time.timers } });
    const events: CoreEvent[] = [];
    ctx.listeners.add((e) => events.push(e));
    const site = createSite(ctx, time.timers.every, SETTINGS_REV_POLL_MS);
    await site.load();
    await time.advance(SETTINGS_REV_POLL_MS);
    expect(calls).toEqual(['/api/settings', '/api/settings/rev']);
    rev = 2;
    await time.advance(SETTINGS_REV_POLL_MS);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.slice(2)).toEqual(['/api/settings/rev', '/api/settings?rev=2']);
    expect(site.view().maintenance).toBe(true);
    expect(events.filter((e) => e.type === 'site').map((e) => (e.payload as { maintenance: boolean }).maintenance)).toEqual([false, true]);
    site.stop();
  });
});

describe('the site push (GET /ws/site)', () => {
  /** A socket stand-in the test opens, sends frames on and closes. */
  function fakeSockets() {
    const made: Array<{ close(): void; onopen: (() => void) | null; onmessage: ((ev: { data: unknown }) => void) | null; onclose: (() => void) | null; onerror: (() => void) | null }> = [];
    const waits: Array<{ ms: number; fn: () => void }> = [];
    return {
      made, waits,
      push: {
        create: () => { const s = { close: () => undefined, onopen: null, onmessage: null, onclose: null, onerror: null }; made.push(s); return s; },
        setTimeout: (fn: () => void, ms: number) => { waits.push({ ms, fn }); return 0; },
      },
    };
  }

  it('reloads pushed settings at once, tells the UI of new content, polls only while the socket is down, reconnects', async () => {
    const time = virtualTime();
    let rev = 1;
    const calls: string[] = [];
    const fetch = (async (input: string | URL | Request) => {
      const url = String(input);
      calls.push(url);
      if (url === '/api/settings/rev') return new Response(JSON.stringify({ rev, content: 9 }));
      return new Response(JSON.stringify({ status: true, rev, contentRev: 7, settings: { maintenance: rev > 1 ? 1 : 0 } }));
    }) as typeof globalThis.fetch;
    const ctx = createContext({ fetch, db: null as never, clock: time.clock, uuid: () => 'u', live: { socket: () => { throw new Error('no socket'); }, timers: time.timers } });
    const events: CoreEvent[] = [];
    ctx.listeners.add((e) => events.push(e));
    const sockets = fakeSockets();
    const site = createSite(ctx, time.timers.every, SETTINGS_REV_POLL_MS, sockets.push);
    await site.load();
    expect(sockets.made.length).toBe(1);
    const ws = sockets.made[0]!;
    ws.onopen!();
    ws.onmessage!({ data: JSON.stringify({ settings: 1, content: 7 }) });
    // Open: the poll asks nothing.
    await time.advance(3 * SETTINGS_REV_POLL_MS);
    expect(calls).toEqual(['/api/settings']);
    // A pushed settings revision is loaded at once by its own address; a pushed content revision is told.
    rev = 2;
    ws.onmessage!({ data: JSON.stringify({ settings: 2, content: 8 }) });
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(['/api/settings', '/api/settings?rev=2']);
    expect(site.view().maintenance).toBe(true);
    expect(events.filter((e) => e.type === 'content').map((e) => e.payload)).toEqual([{ rev: 8 }]);
    // Lost: the poll takes over (and sees content 9), and a reconnect is scheduled after 1 s.
    ws.onclose!();
    expect(sockets.waits.map((w) => w.ms)).toEqual([1_000]);
    await time.advance(SETTINGS_REV_POLL_MS);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.slice(2)).toEqual(['/api/settings/rev']);
    expect(events.filter((e) => e.type === 'content').map((e) => e.payload)).toEqual([{ rev: 8 }, { rev: 9 }]);
    sockets.waits[0]!.fn();
    expect(sockets.made.length).toBe(2);
    // A socket that never opens waits longer each time.
    sockets.made[1]!.onclose!();
    expect(sockets.waits.map((w) => w.ms)).toEqual([1_000, 2_000]);
    site.stop();
  });
});
