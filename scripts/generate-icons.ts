// Renders the installable app's icons (issue #12) into public/icons from the brand mark of
// public/favicon.svg: 192 and 512 px "any" icons (the rounded tile as drawn), a 512 px maskable one (the
// pin inside the central safe zone on a full-bleed background, so any mask shape keeps it whole) and a
// 180 px Apple touch icon. The PNGs are checked in; run again only when the mark changes:
//   npx tsx scripts/generate-icons.ts
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { BRAND_PRIMARY } from '../src/shared/brand';
import { APP_BACKGROUND } from '../src/shared/app-manifest';

const OUT_DIR = join(process.cwd(), 'public', 'icons');
const PIN = `<path d="M32 10c-9 0-16 7-16 16 0 12 16 28 16 28s16-16 16-28c0-9-7-16-16-16z" fill="${BRAND_PRIMARY}"/><circle cx="32" cy="26" r="6" fill="${APP_BACKGROUND}"/>`;

/** The favicon's tile: rounded corners, the pin at full size. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${APP_BACKGROUND}"/>${PIN}</svg>`;
/** Maskable: square background, the pin scaled into the 80 % safe circle (W3C manifest "maskable"). */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${APP_BACKGROUND}"/><g transform="translate(32 32) scale(0.62) translate(-32 -32)">${PIN}</g></svg>`;
/** Apple draws its own rounded corners and shows transparency as black: a square tile. */
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${APP_BACKGROUND}"/><g transform="translate(32 32) scale(0.8) translate(-32 -32)">${PIN}</g></svg>`;

async function render(svg: string, size: number, name: string) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(OUT_DIR, name));
  console.log(`public/icons/${name}`);
}

mkdirSync(OUT_DIR, { recursive: true });
await render(tile, 192, 'icon-192.png');
await render(tile, 512, 'icon-512.png');
await render(maskable, 512, 'icon-maskable-512.png');
await render(apple, 180, 'apple-touch-icon.png');
