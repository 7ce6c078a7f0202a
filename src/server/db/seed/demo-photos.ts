import { loadSharp } from '../../images/load-sharp';
import type { DemoPhoto } from './data/workspace';
import { mulberry32 } from './seed';

/**
 * Photo-like demo covers made at seed time, nothing fetched: an SVG scene (gradient sky, light, shapes,
 * soft bokeh) rendered by sharp, with film grain laid over it, saved as a camera-like JPEG. The bytes then go
 * through the same pipeline as an upload (storeImage).
 */

export const DEMO_PHOTO_WIDTH = 1600;
export const DEMO_PHOTO_HEIGHT = 900;

type Random = () => number;

const between = (random: Random, min: number, max: number) => min + random() * (max - min);
const pickOf = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const fixed = (value: number) => value.toFixed(1);

/** Out-of-focus lights: discs with a soft edge (a radial gradient per colour, no blur filter: blurs are slow). */
function bokeh(random: Random, accents: readonly string[], count: number, band: [number, number], size: [number, number]): string {
  return Array.from({ length: count }, () => {
    const r = between(random, size[0], size[1]);
    const colour = Math.floor(random() * accents.length);
    return `<circle cx="${fixed(between(random, 0, DEMO_PHOTO_WIDTH))}" cy="${fixed(between(random, band[0], band[1]))}" r="${fixed(r)}" fill="url(#glow${colour})" opacity="${between(random, 0.18, 0.55).toFixed(2)}"/>`;
  }).join('');
}

function glows(accents: readonly string[]): string {
  return accents
    .map(
      (colour, index) =>
        `<radialGradient id="glow${index}"><stop offset="0.55" stop-color="${colour}"/><stop offset="0.8" stop-color="${colour}" stop-opacity="0.6"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
    )
    .join('');
}

/** A soft shadow or halo without a blur filter. */
const shade = (colour: string) =>
  `<radialGradient id="shade"><stop offset="0.7" stop-color="${colour}" stop-opacity="0.6"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;

/** Spotlight cones over a stage, a row of heads, warm bokeh. */
function stage(random: Random, photo: DemoPhoto): string {
  const [a, b, c, d] = photo.accents;
  const cones = [0.22, 0.5, 0.78]
    .map((x, i) => {
      const top = x * DEMO_PHOTO_WIDTH + between(random, -60, 60);
      const spread = between(random, 260, 380);
      return `<polygon points="${fixed(top - 18)},0 ${fixed(top + 18)},0 ${fixed(top + spread)},780 ${fixed(top - spread)},780" fill="url(#cone)" opacity="${(0.35 + 0.15 * (i % 2)).toFixed(2)}"/>`;
    })
    .join('');
  const heads = Array.from({ length: 22 }, (_, i) => {
    const x = (i + 0.5) * (DEMO_PHOTO_WIDTH / 22) + between(random, -20, 20);
    const y = between(random, 800, 840);
    return `<ellipse cx="${fixed(x)}" cy="${fixed(y)}" rx="${fixed(between(random, 34, 46))}" ry="${fixed(between(random, 44, 56))}" fill="#05040a"/>` +
      `<rect x="${fixed(x - 70)}" y="${fixed(y + 30)}" width="140" height="120" rx="50" fill="#05040a"/>`;
  }).join('');
  return `
    <defs><linearGradient id="cone" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c}" stop-opacity="0.9"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></linearGradient></defs>
    ${bokeh(random, [a!, b!, c!, d!], 40, [60, 520], [14, 70])}
    ${cones}
    <rect x="0" y="700" width="${DEMO_PHOTO_WIDTH}" height="40" fill="${b}" opacity="0.35" filter="url(#soft)"/>
    ${heads}`;
}

/** A low sun, a city skyline, an outdoor screen and an audience. */
function sunset(random: Random, photo: DemoPhoto): string {
  const [a, , c, d] = photo.accents;
  let x = 0;
  const towers: string[] = [];
  while (x < DEMO_PHOTO_WIDTH) {
    const w = between(random, 50, 140);
    const h = between(random, 80, 300);
    towers.push(`<rect x="${fixed(x)}" y="${fixed(720 - h)}" width="${fixed(w)}" height="${fixed(h + 200)}" fill="${c}" opacity="${between(random, 0.75, 0.95).toFixed(2)}"/>`);
    x += w + between(random, 0, 18);
  }
  const people = Array.from({ length: 30 }, (_, i) => {
    const px = (i + 0.3) * (DEMO_PHOTO_WIDTH / 30) + between(random, -15, 15);
    return `<circle cx="${fixed(px)}" cy="${fixed(between(random, 790, 805))}" r="${fixed(between(random, 22, 30))}" fill="#0b1320"/>`;
  }).join('');
  return `
    <circle cx="${fixed(between(random, 420, 1180))}" cy="600" r="190" fill="url(#glow0)" opacity="0.9"/>
    <circle cx="800" cy="600" r="560" fill="url(#glow1)" opacity="0.25"/>
    ${towers.join('')}
    <rect x="430" y="290" width="740" height="400" fill="#0b1320"/>
    <rect x="450" y="305" width="700" height="360" fill="${d}"/>
    <rect x="450" y="305" width="700" height="360" fill="${a}" opacity="0.45"/>
    <rect x="0" y="800" width="${DEMO_PHOTO_WIDTH}" height="100" fill="#0b1320"/>
    ${people}`;
}

/** Records fanned out on a table, grooves and labels. */
function vinyl(random: Random, photo: DemoPhoto): string {
  const discs = Array.from({ length: 7 }, (_, i) => {
    const cx = 160 + i * 220 + between(random, -30, 30);
    const cy = between(random, 380, 560);
    const r = between(random, 190, 250);
    const grooves = Array.from({ length: 9 }, (_, g) => `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r * (0.42 + g * 0.06))}" fill="none" stroke="#2b2b2b" stroke-width="2"/>`).join('');
    return `<circle cx="${fixed(cx + 10)}" cy="${fixed(cy + 14)}" r="${fixed(r * 1.08)}" fill="url(#shade)"/>` +
      `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" fill="#111"/>${grooves}` +
      `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r * 0.3)}" fill="${photo.accents[i % photo.accents.length]}"/>` +
      `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="8" fill="#1a0505"/>` +
      `<path d="M ${fixed(cx - r * 0.7)} ${fixed(cy - r * 0.7)} A ${fixed(r)} ${fixed(r)} 0 0 1 ${fixed(cx + r * 0.2)} ${fixed(cy - r * 0.95)}" stroke="#fff" stroke-opacity="0.14" stroke-width="14" stroke-linecap="round" fill="none"/>`;
  }).join('');
  return `${bokeh(random, photo.accents, 18, [0, 250], [30, 90])}${discs}`;
}

/** Overlapping colour prints, registration marks and paper texture. */
function prints(random: Random, photo: DemoPhoto): string {
  const sheets = Array.from({ length: 10 }, (_, i) => {
    const w = between(random, 280, 380);
    const h = w * 1.35;
    const x = (i % 5) * 330 + between(random, -70, 40);
    const y = (i < 5 ? -60 : 380) + between(random, -40, 60);
    const angle = between(random, -14, 14);
    const ink = pickOf(random, photo.accents);
    const ink2 = pickOf(random, photo.accents);
    return `<g transform="rotate(${angle.toFixed(1)} ${fixed(x + w / 2)} ${fixed(y + h / 2)})">` +
      `<rect x="${fixed(x + 6)}" y="${fixed(y + 10)}" width="${fixed(w)}" height="${fixed(h)}" fill="#000" opacity="0.12"/>` +
      `<rect x="${fixed(x)}" y="${fixed(y)}" width="${fixed(w)}" height="${fixed(h)}" fill="#fbf7ee"/>` +
      `<circle cx="${fixed(x + w * 0.5)}" cy="${fixed(y + h * 0.4)}" r="${fixed(w * 0.3)}" fill="${ink}" opacity="0.9"/>` +
      `<rect x="${fixed(x + w * 0.15)}" y="${fixed(y + h * 0.55)}" width="${fixed(w * 0.7)}" height="${fixed(h * 0.25)}" fill="${ink2}" opacity="0.75" style="mix-blend-mode:multiply"/>` +
      `</g>`;
  }).join('');
  return sheets;
}

const SCENES: Record<DemoPhoto['style'], (random: Random, photo: DemoPhoto) => string> = { stage, sunset, vinyl, prints };

/** The SVG of one cover (exported for the generator script and tests). */
export function demoPhotoSvg(photo: DemoPhoto, seed: number): string {
  const random = mulberry32(seed);
  const [top, middle, bottom] = photo.background;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_PHOTO_WIDTH}" height="${DEMO_PHOTO_HEIGHT}" viewBox="0 0 ${DEMO_PHOTO_WIDTH} ${DEMO_PHOTO_HEIGHT}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0.25" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${middle}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
      <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>
      <filter id="soft" x="-10%" y="-100%" width="120%" height="300%"><feGaussianBlur stdDeviation="12"/></filter>
      ${glows(photo.accents)}
      ${shade('#000')}
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    ${SCENES[photo.style](random, photo)}
    <rect width="100%" height="100%" fill="url(#vignette)"/>
  </svg>`;
}

/** Film grain: a grey noise layer (deterministic) laid over with soft light. */
async function grain(seed: number, strength = 38): Promise<Buffer> {
  const sharp = await loadSharp();
  const random = mulberry32(seed ^ 0x5eed);
  // Noise at half resolution, enlarged: grain a little coarser than one pixel, and half the work.
  const width = DEMO_PHOTO_WIDTH / 2;
  const height = DEMO_PHOTO_HEIGHT / 2;
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = 128 + Math.round((random() + random() - 1) * strength);
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .resize(DEMO_PHOTO_WIDTH, DEMO_PHOTO_HEIGHT, { kernel: 'cubic' })
    .toColourspace('srgb')
    .png()
    .toBuffer();
}

/** One cover as the JPEG a camera or a designer would upload (1600×900). */
export async function renderDemoPhoto(photo: DemoPhoto, seed: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const scene = await sharp(Buffer.from(demoPhotoSvg(photo, seed))).png().toBuffer();
  return sharp(scene)
    .composite([{ input: await grain(seed), blend: 'soft-light' }])
    .jpeg({ quality: 90, mozjpeg: false })
    .toBuffer();
}
