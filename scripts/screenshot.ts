// Developer aid: screenshots a page at phone and desktop sizes (npx tsx scripts/screenshot.ts URL NAME).
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium';

const [url = 'http://localhost:3000/', name = 'page'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: CHROMIUM_ARGS,
});
for (const [label, viewport] of [['phone', { width: 375, height: 812 }], ['desktop', { width: 1440, height: 900 }]] as const) {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `/tmp/shot-${name}-${label}.png`, fullPage: false });
  console.log(label, errors.length ? errors : 'no console errors');
  await page.close();
}
await browser.close();
