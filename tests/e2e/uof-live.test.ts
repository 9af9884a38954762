/**
 * The Unified Odds Feed in Chromium against the real server (FEED_SOURCE=uof): messages published
 * to a topic exchange of the local RabbitMQ (unique per run), the REST calls answered by the local
 * stand-in. After the producers' recovery, a match announced by fixture_change is listed pre-match
 * with its names in tr and en; when the live producer's odds_change takes it live it is on LiveBets,
 * and a new odds_change moves its odds there. Skipped with a note without RabbitMQ.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOTS } from './browser.ts';
import { collectErrors, useAppUnderTest } from './app-under-test.ts';
import { LiveBetsPage } from './pages/live-pages.ts';
import { BackOffice, desk } from './pages/backoffice-pages.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';
import { message, rabbitAvailable, startApiStub, startPublisher, until, type FeedPublisher, type UofStub } from '../server/uof-stub.ts';

const EVENT = 'sr:match:7001';
const available = await rabbitAvailable();
let stub: UofStub | undefined;
let pub: FeedPublisher | undefined;
if (available) {
  stub = await startApiStub();
  pub = await startPublisher();
  stub.events.set(EVENT, Date.now() + 3 * 3600_000);
}

describe.skipIf(!available)('Unified Odds Feed in Chromium', () => {
  const app = useAppUnderTest('uof', {
    FEED_SOURCE: 'uof', UOF_AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672/', UOF_API_URL: stub?.apiUrl ?? '', UOF_ACCESS_TOKEN: stub?.token ?? '',
    UOF_EXCHANGE: pub?.exchange ?? '', UOF_LANGUAGES: 'en,tr', UOF_ALIVE_TIMEOUT_SEC: '30',
  }, { timeout: 180_000 });
  let alive: NodeJS.Timeout | undefined;

  afterAll(async () => {
    clearInterval(alive);
    await pub?.close();
    await stub?.close();
  });

  const api = async (name: string, payload: Record<string, unknown>) =>
    (await fetch(`${app.server.url}/api/${name}`, { method: 'POST',
      headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) })).json() as Promise<Record<string, unknown>>;

  it('lists a match announced by fixture_change in tr and en, and moves its odds on LiveBets once live', async () => {
    const feed = pub!;
    // the producers speak; the server asks each for a recovery, answered by its snapshot_complete
    const speak = () => { for (const p of [1, 3]) feed.send(message('alive', { product: p, timestamp: Date.now(), subscribed: 1 })); };
    speak();
    alive = setInterval(speak, 2000);
    const asked = await until(() => {
      const products = new Set(stub!.recoveries.map((r) => r.product));
      return products.has('liveodds') && products.has('pre') ? stub!.recoveries : undefined;
    }, 60_000, 'recovery requests');
    for (const r of asked!) feed.send(message('snapshot_complete', { product: r.product === 'liveodds' ? 1 : 3, request_id: r.requestId,
      timestamp: Date.now() }));

    feed.send(message('fixture_change', { timestamp: Date.now(), start_time: Date.now() + 3 * 3600_000 }, EVENT));
    feed.send(message('odds_change_prematch', { timestamp: Date.now() }, EVENT));
    const listed = async (lang: string) => {
      const r = await api('matches', { lang, sportId: 1, limit: 1000, keyWord: 'Galatasaray', odds: [1, 47] });
      return (r.data as { results: Array<{ homeTeam: string; awayTeam: string; categoryName: string; odds: Array<{ oddstype: number }> }> }).results
        .find((m) => m.odds.some((g) => g.oddstype === 47));
    };
    expect(await until(() => listed('tr'), 20_000, 'the match listed')).toMatchObject({ awayTeam: 'Fenerbahçe', categoryName: 'Türkiye' });
    expect(await listed('en')).toMatchObject({ awayTeam: 'Fenerbahce', categoryName: 'Turkey' });

    // kick-off: the live producer's odds_change
    feed.send(message('odds_change_live', { timestamp: Date.now() }, EVENT));
    const { page } = await app.newPhonePage();
    const errors = collectErrors(page);
    const live = new LiveBetsPage(page);
    await live.open();
    // the live frames carry the feed's first language (en); the phone, in Turkish, names the match in Turkish
    const row = live.rows().filter({ hasText: 'Galatasaray' }).filter({ hasText: 'Fenerbahçe' });
    await row.first().waitFor({ timeout: 20_000 });
    await expect.poll(() => row.first().getByTestId('odd').first().innerText(), { timeout: 10_000 }).toContain('1.55');
    // the price moves: the row shows the new odd
    feed.send(message('odds_change_live', { timestamp: Date.now() }, EVENT).replace('odds="1.55"', 'odds="1.48"'));
    await expect.poll(() => row.first().getByTestId('odd').first().innerText(), { timeout: 10_000 }).toContain('1.48');
    await page.screenshot({ path: join(SCREENSHOTS, 'uof-livebets.png') });
    expect(errors).toEqual([]);

    // the back office's Odds feed screen: both producers up, as the leader reports them
    const boPage = await (await desk(app.browser, app.server.url)).newPage();
    const boErrors = collectErrors(boPage);
    const bo = new BackOffice(boPage);
    await bo.loginWithCode('admin', 'admin1234', () => otpNow(DEMO_TOTP.admin, Date.now()));
    await bo.nav().getByRole('link', { name: 'Oran akışı' }).click();
    await bo.row(bo.table('Oran akışı'), '1 LO').waitFor({ timeout: 20_000 });
    expect(await bo.row(bo.table('Oran akışı'), '3 Ctrl').textContent()).toContain('Açık');
    await boPage.screenshot({ path: join(SCREENSHOTS, 'bo-odds-feed-1280.png') });
    expect(boErrors).toEqual([]);
  }, 180_000);
});
