// Renders the demo event artwork: one 1200×630 JPEG per category variant in public/images/events, and
// WebP copies at the widths of src/shared/event-images.ts for responsive `srcset`.
// Abstract, text-free, dark-theme compositions built as SVG and rendered with headless Chromium.
//   npx tsx scripts/generate-images.ts             (everything)
//   npx tsx scripts/generate-images.ts --webp-only (keep the JPEGs, redo the WebP widths)
import { mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium';
import {
  EVENT_IMAGE_HEIGHT as H,
  EVENT_IMAGE_WIDTH as W,
  IMAGE_VARIANTS,
  allEventImageFiles,
  eventImageFile,
} from '../src/server/db/seed/data/images';
import type { CategorySlug } from '../src/server/db/seed/data/types';
import { mulberry32 } from '../src/server/db/seed/seed';
import { EVENT_IMAGE_WIDTHS, eventImageVariantFile } from '../src/shared/event-images';

const WEBP_QUALITY = 0.72;

const OUT_DIR = join(process.cwd(), 'public', 'images', 'events');

interface Palette {
  /** Background top-left and bottom-right. */
  bg: [string, string];
  /** Accent colours for glows and shapes. */
  accents: [string, string, string];
}

/** Each category has its own colour family; variants shift the composition, not the family. */
const PALETTES: Record<CategorySlug, Palette[]> = {
  koncerti: [
    { bg: ['#0b0820', '#1a0b2e'], accents: ['#ff3d7f', '#7c4dff', '#ffb347'] },
    { bg: ['#070b1c', '#0f1d3a'], accents: ['#00e5ff', '#ff4081', '#b388ff'] },
    { bg: ['#120616', '#2a0a1f'], accents: ['#ff6e40', '#ffd740', '#e040fb'] },
  ],
  klubovi: [
    { bg: ['#05010f', '#140a2b'], accents: ['#d500f9', '#00e5ff', '#651fff'] },
    { bg: ['#020812', '#061a2b'], accents: ['#1de9b6', '#2979ff', '#f50057'] },
    { bg: ['#0a0210', '#1f0420'], accents: ['#ff1744', '#aa00ff', '#ffea00'] },
  ],
  pozoriste: [
    { bg: ['#120306', '#2b0710'], accents: ['#c62828', '#ffb300', '#ff7043'] },
    { bg: ['#0d0508', '#24101a'], accents: ['#ad1457', '#ffd54f', '#8e24aa'] },
    { bg: ['#0a0a12', '#1c1024'], accents: ['#e53935', '#ffca28', '#5e35b1'] },
  ],
  sport: [
    { bg: ['#03110a', '#0a2416'], accents: ['#00e676', '#c6ff00', '#00b0ff'] },
    { bg: ['#040c16', '#0a1f33'], accents: ['#2979ff', '#00e5ff', '#ffea00'] },
  ],
  deca: [
    { bg: ['#0a1020', '#162443'], accents: ['#ffca28', '#ff7043', '#4dd0e1'] },
    { bg: ['#0f0a1e', '#22143d'], accents: ['#f06292', '#aed581', '#ffd54f'] },
    { bg: ['#06121a', '#0e2a33'], accents: ['#4db6ac', '#ffb74d', '#ba68c8'] },
  ],
  izlozbe: [
    { bg: ['#0c0c10', '#1c1a22'], accents: ['#ffab91', '#80cbc4', '#ce93d8'] },
    { bg: ['#0a0d12', '#18202b'], accents: ['#90caf9', '#ffcc80', '#f48fb1'] },
    { bg: ['#100c0a', '#26201a'], accents: ['#ffd180', '#a1887f', '#80deea'] },
  ],
  festivali: [
    { bg: ['#0f0714', '#2a0f2e'], accents: ['#ff9100', '#ff4081', '#ffea00'] },
    { bg: ['#06101a', '#102c3a'], accents: ['#00e5ff', '#ffd740', '#ff6e40'] },
  ],
  'stand-up': [
    { bg: ['#0d0a04', '#241a08'], accents: ['#ffc400', '#ff6d00', '#ffe57f'] },
    { bg: ['#0a0612', '#1d1030'], accents: ['#ffd740', '#7c4dff', '#ff4081'] },
  ],
  film: [
    { bg: ['#07080c', '#141824'], accents: ['#ffb300', '#42a5f5', '#ef5350'] },
    { bg: ['#0c0606', '#241010'], accents: ['#ff5252', '#ffd180', '#90a4ae'] },
  ],
  radionice: [
    { bg: ['#06100e', '#0f2622'], accents: ['#26a69a', '#ffb74d', '#9ccc65'] },
    { bg: ['#0e0b06', '#2a1f0e'], accents: ['#ff8a65', '#4fc3f7', '#dce775'] },
  ],
};

type Rand = () => number;
const f = (n: number) => n.toFixed(1);
const between = (r: Rand, min: number, max: number) => min + r() * (max - min);

/** Soft, blurred colour glows shared by every composition. */
function glows(r: Rand, p: Palette): string {
  return p.accents
    .map((colour, i) => {
      const cx = between(r, i === 0 ? 100 : 300, i === 0 ? 500 : 1100);
      const cy = between(r, 50, 580);
      const rad = between(r, 220, 380);
      return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="${colour}" opacity="${f(between(r, 0.28, 0.45))}" filter="url(#blur)"/>`;
    })
    .join('');
}

const MOTIFS: Record<CategorySlug, (r: Rand, p: Palette) => string> = {
  koncerti: (r, { accents: [a, b, c] }) => {
    const cx = between(r, 700, 950);
    const cy = between(r, 250, 380);
    const rings = Array.from(
      { length: 9 },
      (_, i) =>
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${40 + i * 48}" fill="none" stroke="${i % 2 ? a : b}" stroke-width="${f(6 - i * 0.5)}" opacity="${f(0.75 - i * 0.07)}"/>`,
    ).join('');
    const bars = Array.from({ length: 22 }, (_, i) => {
      const h = between(r, 40, 300);
      return `<rect x="${60 + i * 24}" y="${f(600 - h)}" width="14" height="${f(h)}" rx="7" fill="${i % 3 === 0 ? c : a}" opacity="0.55"/>`;
    }).join('');
    return rings + bars;
  },
  klubovi: (r, { accents }) => {
    const beams = Array.from({ length: 7 }, (_, i) => {
      const x = between(r, 100, 1100);
      const spread = between(r, 120, 260);
      return `<polygon points="${f(x)},-10 ${f(x - spread)},640 ${f(x + spread)},640" fill="url(#beam${i % 3})" opacity="${f(between(r, 0.25, 0.5))}" style="mix-blend-mode:screen"/>`;
    }).join('');
    const dots = Array.from({ length: 60 }, (_, i) => {
      const colour = accents[i % 3];
      return `<circle cx="${f(between(r, 0, W))}" cy="${f(between(r, 0, H))}" r="${f(between(r, 2, 7))}" fill="${colour}" opacity="${f(between(r, 0.4, 0.9))}"/>`;
    }).join('');
    return beams + dots;
  },
  pozoriste: (r, { accents: [a, b, c] }) => {
    const fold = (x0: number, dir: number, colour: string) =>
      Array.from({ length: 6 }, (_, i) => {
        const x = x0 + dir * i * 38;
        return `<path d="M${x},0 C${x + dir * 40},200 ${x - dir * 30},420 ${x + dir * 60},640 L${x + dir * 30},640 C${x - dir * 10},420 ${x + dir * 60},200 ${x + dir * 30},0 Z" fill="${colour}" opacity="${f(0.55 - i * 0.06)}"/>`;
      }).join('');
    const cx = between(r, 500, 700);
    return (
      fold(0, 1, a) +
      fold(W, -1, a) +
      `<ellipse cx="${f(cx)}" cy="560" rx="300" ry="55" fill="${b}" opacity="0.35" filter="url(#blur)"/>` +
      `<polygon points="${f(cx - 40)},0 ${f(cx + 40)},0 ${f(cx + 280)},560 ${f(cx - 280)},560" fill="${b}" opacity="0.12"/>` +
      `<path d="M0,0 Q600,${f(between(r, 110, 170))} 1200,0 Z" fill="${c}" opacity="0.5"/>`
    );
  },
  sport: (r, { accents: [a, b, c] }) => {
    const lanes = Array.from(
      { length: 6 },
      (_, i) =>
        `<ellipse cx="600" cy="${f(between(r, 700, 760))}" rx="${760 - i * 70}" ry="${380 - i * 45}" fill="none" stroke="${i % 2 ? a : b}" stroke-width="5" opacity="${f(0.6 - i * 0.06)}"/>`,
    ).join('');
    const streaks = Array.from({ length: 14 }, () => {
      const y = between(r, 40, 420);
      const x = between(r, -100, 700);
      const len = between(r, 200, 520);
      return `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + len)}" y2="${f(y - len * 0.25)}" stroke="${c}" stroke-width="${f(between(r, 2, 8))}" stroke-linecap="round" opacity="${f(between(r, 0.3, 0.7))}"/>`;
    }).join('');
    const bx = between(r, 850, 1000);
    const by = between(r, 150, 250);
    return (
      lanes +
      streaks +
      `<circle cx="${f(bx)}" cy="${f(by)}" r="95" fill="none" stroke="${b}" stroke-width="10" opacity="0.8"/>` +
      `<path d="M${f(bx - 95)},${f(by)} Q${f(bx)},${f(by - 60)} ${f(bx + 95)},${f(by)} M${f(bx)},${f(by - 95)} Q${f(bx + 50)},${f(by)} ${f(bx)},${f(by + 95)}" fill="none" stroke="${b}" stroke-width="6" opacity="0.6"/>`
    );
  },
  deca: (r, { accents }) => {
    const balls = Array.from({ length: 16 }, (_, i) => {
      const colour = accents[i % 3];
      return `<circle cx="${f(between(r, 40, 1160))}" cy="${f(between(r, 40, 590))}" r="${f(between(r, 14, 70))}" fill="${colour}" opacity="${f(between(r, 0.5, 0.9))}"/>`;
    }).join('');
    const stars = Array.from({ length: 8 }, (_, i) => {
      const x = between(r, 60, 1140);
      const y = between(r, 60, 570);
      const s = between(r, 14, 30);
      const pts = Array.from({ length: 10 }, (_, k) => {
        const ang = (Math.PI / 5) * k - Math.PI / 2;
        const rad = k % 2 ? s * 0.45 : s;
        return `${f(x + rad * Math.cos(ang))},${f(y + rad * Math.sin(ang))}`;
      }).join(' ');
      return `<polygon points="${pts}" fill="${accents[(i + 1) % 3]}" opacity="0.85"/>`;
    }).join('');
    const wave = `<path d="M-20,${f(between(r, 420, 500))} C300,360 500,620 800,470 S1150,380 1240,460" fill="none" stroke="${accents[2]}" stroke-width="16" stroke-linecap="round" opacity="0.6"/>`;
    return wave + balls + stars;
  },
  izlozbe: (r, { accents }) =>
    Array.from({ length: 7 }, (_, i) => {
      const w = between(r, 140, 320);
      const h = between(r, 160, 360);
      const x = between(r, 40, W - w - 40);
      const y = between(r, 40, H - h - 40);
      const colour = accents[i % 3];
      return (
        `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${colour}" opacity="${f(between(r, 0.12, 0.3))}"/>` +
        `<rect x="${f(x - 12)}" y="${f(y - 12)}" width="${f(w + 24)}" height="${f(h + 24)}" fill="none" stroke="${colour}" stroke-width="3" opacity="0.7"/>`
      );
    }).join('') +
    `<circle cx="${f(between(r, 300, 900))}" cy="${f(between(r, 200, 430))}" r="${f(between(r, 80, 140))}" fill="${accents[0]}" opacity="0.55"/>`,
  festivali: (r, { accents }) => {
    const flags = (y0: number, sag: number) =>
      Array.from({ length: 16 }, (_, i) => {
        const x = i * 80 - 20;
        const t = (x + 20) / 1240;
        const y = y0 + sag * 4 * t * (1 - t);
        return `<polygon points="${f(x)},${f(y)} ${f(x + 70)},${f(y)} ${f(x + 35)},${f(y + 70)}" fill="${accents[i % 3]}" opacity="0.85"/>`;
      }).join('');
    const rays = Array.from({ length: 24 }, (_, i) => {
      const ang = ((Math.PI * 2) / 24) * i;
      const cx = 600;
      const cy = 700;
      return `<line x1="${cx}" y1="${cy}" x2="${f(cx + 900 * Math.cos(ang))}" y2="${f(cy + 900 * Math.sin(ang))}" stroke="${accents[i % 3]}" stroke-width="${i % 2 ? 3 : 8}" opacity="0.18"/>`;
    }).join('');
    const confetti = Array.from({ length: 60 }, (_, i) => {
      const x = between(r, 0, W);
      const y = between(r, 150, H - 10);
      return `<rect x="${f(x)}" y="${f(y)}" width="${f(between(r, 8, 18))}" height="${f(between(r, 4, 9))}" fill="${accents[i % 3]}" transform="rotate(${f(between(r, 0, 180))} ${f(x)} ${f(y)})" opacity="0.85"/>`;
    }).join('');
    return rays + flags(between(r, 20, 40), between(r, 60, 120)) + confetti;
  },
  'stand-up': (r, { accents: [a, b, c] }) => {
    const cx = between(r, 520, 760);
    const brick = Array.from({ length: 9 }, (_, row) =>
      Array.from({ length: 14 }, (_, col) => {
        const x = col * 90 + (row % 2 ? 45 : 0) - 45;
        return `<rect x="${x}" y="${row * 70}" width="84" height="64" rx="4" fill="${c}" opacity="${f(between(r, 0.03, 0.09))}"/>`;
      }).join(''),
    ).join('');
    return (
      brick +
      `<polygon points="${f(cx - 50)},-10 ${f(cx + 50)},-10 ${f(cx + 330)},640 ${f(cx - 330)},640" fill="url(#spot)" opacity="0.65"/>` +
      `<ellipse cx="${f(cx)}" cy="590" rx="330" ry="40" fill="${a}" opacity="0.4" filter="url(#blur)"/>` +
      `<line x1="${f(cx)}" y1="330" x2="${f(cx)}" y2="590" stroke="${b}" stroke-width="10" opacity="0.8"/>` +
      `<line x1="${f(cx - 70)}" y1="590" x2="${f(cx + 70)}" y2="590" stroke="${b}" stroke-width="10" stroke-linecap="round" opacity="0.8"/>` +
      `<rect x="${f(cx - 34)}" y="230" width="68" height="120" rx="34" fill="${a}" opacity="0.95"/>`
    );
  },
  film: (r, { accents: [a, b, c] }) => {
    const angle = between(r, -14, -6);
    const holes = Array.from(
      { length: 26 },
      (_, i) =>
        `<rect x="${-100 + i * 58}" y="12" width="30" height="22" rx="4" fill="#05060a"/><rect x="${-100 + i * 58}" y="186" width="30" height="22" rx="4" fill="#05060a"/>`,
    ).join('');
    const frames = Array.from(
      { length: 9 },
      (_, i) =>
        `<rect x="${-90 + i * 170}" y="48" width="150" height="124" rx="6" fill="${i % 3 === 0 ? a : i % 3 === 1 ? b : c}" opacity="${f(between(r, 0.25, 0.6))}"/>`,
    ).join('');
    const reel = (x: number, y: number, rad: number, colour: string) =>
      `<circle cx="${f(x)}" cy="${f(y)}" r="${rad}" fill="none" stroke="${colour}" stroke-width="10" opacity="0.7"/>` +
      Array.from({ length: 5 }, (_, k) => {
        const ang = ((Math.PI * 2) / 5) * k;
        return `<circle cx="${f(x + rad * 0.55 * Math.cos(ang))}" cy="${f(y + rad * 0.55 * Math.sin(ang))}" r="${f(rad * 0.2)}" fill="${colour}" opacity="0.5"/>`;
      }).join('');
    return (
      `<g transform="translate(0 ${f(between(r, 300, 360))}) rotate(${f(angle)} 600 110)"><rect x="-120" y="0" width="1500" height="220" fill="#11131c" opacity="0.92"/>${holes}${frames}</g>` +
      reel(between(r, 150, 260), 150, 110, b) +
      reel(between(r, 950, 1060), 140, 80, a)
    );
  },
  radionice: (r, { accents }) => {
    const dots = Array.from({ length: 13 }, (_, row) =>
      Array.from({ length: 25 }, (_, col) => `<circle cx="${col * 50 + 10}" cy="${row * 50 + 15}" r="2.5" fill="#ffffff" opacity="0.12"/>`).join(''),
    ).join('');
    const gear = (cx: number, cy: number, rad: number, colour: string, teeth: number) => {
      const pts = Array.from({ length: teeth * 4 }, (_, k) => {
        const ang = ((Math.PI * 2) / (teeth * 4)) * k;
        const rr = k % 4 < 2 ? rad : rad * 0.82;
        return `${f(cx + rr * Math.cos(ang))},${f(cy + rr * Math.sin(ang))}`;
      }).join(' ');
      return `<polygon points="${pts}" fill="${colour}" opacity="0.75"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 0.35)}" fill="#0b0d10" opacity="0.9"/>`;
    };
    const hexes = Array.from({ length: 6 }, (_, i) => {
      const cx = between(r, 80, 1120);
      const cy = between(r, 60, 570);
      const s = between(r, 30, 70);
      const pts = Array.from({ length: 6 }, (_, k) => `${f(cx + s * Math.cos((Math.PI / 3) * k))},${f(cy + s * Math.sin((Math.PI / 3) * k))}`).join(' ');
      return `<polygon points="${pts}" fill="none" stroke="${accents[i % 3]}" stroke-width="4" opacity="0.7"/>`;
    }).join('');
    const gx = between(r, 700, 850);
    const gy = between(r, 260, 360);
    return dots + hexes + gear(gx, gy, 150, accents[0], 12) + gear(gx + 205, gy - 120, 90, accents[1], 9) + gear(gx - 170, gy + 170, 70, accents[2], 8);
  },
};

function svgFor(category: CategorySlug, variant: number): string {
  const palettes = PALETTES[category];
  const palette = palettes[variant % palettes.length] as Palette;
  const r = mulberry32(1000 * (Object.keys(PALETTES).indexOf(category) + 1) + variant * 7919);
  const [a, b, c] = palette.accents;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.bg[0]}"/><stop offset="1" stop-color="${palette.bg[1]}"/></linearGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient>
    <linearGradient id="beam0" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}" stop-opacity="0.9"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></linearGradient>
    <linearGradient id="beam1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b}" stop-opacity="0.9"/><stop offset="1" stop-color="${b}" stop-opacity="0"/></linearGradient>
    <linearGradient id="beam2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c}" stop-opacity="0.9"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></linearGradient>
    <linearGradient id="spot" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c}" stop-opacity="0.9"/><stop offset="1" stop-color="${c}" stop-opacity="0.05"/></linearGradient>
    <filter id="blur" filterUnits="userSpaceOnUse" x="-400" y="-400" width="2000" height="1430"><feGaussianBlur stdDeviation="70"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${glows(r, palette)}
  ${MOTIFS[category](r, palette)}
  <rect width="${W}" height="${H}" fill="url(#vignette)"/>
</svg>`;
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const webpOnly = process.argv.includes('--webp-only');
  const wanted = new Set(allEventImageFiles().flatMap((file) => [file, ...EVENT_IMAGE_WIDTHS.map((width) => eventImageVariantFile(file, width))]));
  for (const file of readdirSync(OUT_DIR)) {
    if ((file.endsWith('.jpg') || file.endsWith('.webp')) && !wanted.has(file)) unlinkSync(join(OUT_DIR, file));
  }
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });
    let total = 0;
    for (const category of Object.keys(IMAGE_VARIANTS) as CategorySlug[]) {
      for (let variant = 0; variant < IMAGE_VARIANTS[category]; variant += 1) {
        const html = `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:#000;overflow:hidden}svg{display:block}</style></head><body>${svgFor(category, variant)}</body></html>`;
        await page.setContent(html);
        const file = eventImageFile(category, variant);
        if (!webpOnly) {
          const path = join(OUT_DIR, file);
          await page.screenshot({ path, type: 'jpeg', quality: 78, clip: { x: 0, y: 0, width: W, height: H } });
          total += statSync(path).size;
          console.log(`${file.padEnd(24)} ${(statSync(path).size / 1024).toFixed(1)} KiB`);
        }
        // Each width is drawn from the vector artwork itself (sharper than scaling the JPEG down).
        for (const width of EVENT_IMAGE_WIDTHS) {
          const dataUrl = await page.evaluate(
            async ({ width, height, quality }) => {
              const svg = new XMLSerializer().serializeToString(document.querySelector('svg')!);
              const image = new Image();
              image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
              await image.decode();
              const canvas = document.createElement('canvas');
              canvas.width = width;
              canvas.height = height;
              canvas.getContext('2d')!.drawImage(image, 0, 0, width, height);
              return canvas.toDataURL('image/webp', quality);
            },
            { width, height: Math.round((width * H) / W), quality: WEBP_QUALITY },
          );
          if (!dataUrl.startsWith('data:image/webp')) throw new Error('This Chromium cannot encode WebP');
          const variantFile = eventImageVariantFile(file, width);
          const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
          writeFileSync(join(OUT_DIR, variantFile), bytes);
          total += bytes.length;
          console.log(`${variantFile.padEnd(24)} ${(bytes.length / 1024).toFixed(1)} KiB`);
        }
      }
    }
    console.log(`${wanted.size} files, ${(total / 1024).toFixed(0)} KiB written to ${OUT_DIR}`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
