// Puts the e2e test's Home, slip and coupons screenshots side by side into docs/screenshot.png.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const shots = ['pglite-home', 'pglite-slip', 'pglite-coupons'].map((n) => `data:image/png;base64,${readFileSync(`tests/e2e/screenshots/${n}.png`).toString('base64')}`);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1230, height: 880 } });
await page.setContent(`<body style="margin:0;background:#050b16;display:flex;gap:30px;padding:18px 30px;align-items:flex-start">${shots.map((s) => `<img src="${s}" style="width:370px;border-radius:18px;box-shadow:0 6px 24px #0008">`).join('')}</body>`);
await page.screenshot({ path: 'docs/screenshot.png' });
await browser.close();
