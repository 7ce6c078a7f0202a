// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadedImage } from '../../shared/schemas/organizer-workspace';
import { ResponsiveImage, socialImageUrl } from './responsive-image';

type Variant = NonNullable<UploadedImage['variants']>[number];
const EXT = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const;
const variant = (crop: Variant['crop'], format: Variant['format'], width: number, height: number): Variant => ({
  url: `/media/${crop}-${width}.${EXT[format]}`,
  format,
  width,
  height,
  crop,
});
const formats = ['avif', 'webp', 'jpeg'] as const;
const image = {
  width: 1500,
  height: 1000,
  dominant_color: '#336699',
  placeholder: 'data:image/webp;base64,AAAA',
  variants: [
    // Out of order on purpose: srcset lists widths ascending whatever the API's order.
    ...formats.flatMap((format) => [1280, 320, 960, 640].map((width) => variant('full', format, width, Math.round((width * 2) / 3)))),
    ...formats.flatMap((format) => [320, 640, 960, 1280].map((width) => variant('card', format, width, Math.round((width * 9) / 16)))),
    variant('social', 'jpeg', 1200, 630),
  ],
};

afterEach(cleanup);

describe('ResponsiveImage', () => {
  it('offers AVIF, then WebP, then a JPEG img, each with every width and the same sizes', () => {
    const { container } = render(<ResponsiveImage image={image} alt="The stage at night" sizes="(min-width: 900px) 50vw, 100vw" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe('/media/full-320.avif 320w, /media/full-640.avif 640w, /media/full-960.avif 960w, /media/full-1280.avif 1280w');
    expect(sources[1]!.getAttribute('srcset')).toContain('/media/full-1280.webp 1280w');
    for (const source of sources) expect(source.getAttribute('sizes')).toBe('(min-width: 900px) 50vw, 100vw');
    const img = screen.getByRole('img', { name: 'The stage at night' });
    expect(img.tagName).toBe('IMG');
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img.getAttribute('srcset')).toBe('/media/full-320.jpg 320w, /media/full-640.jpg 640w, /media/full-960.jpg 960w, /media/full-1280.jpg 1280w');
    expect(img.getAttribute('src')).toBe('/media/full-1280.jpg');
    expect(img.getAttribute('sizes')).toBe('(min-width: 900px) 50vw, 100vw');
  });

  it('sets width and height and holds the place with the dominant colour and the placeholder', () => {
    render(<ResponsiveImage image={image} alt="Stage" />);
    const img = screen.getByRole('img', { name: 'Stage' });
    expect(img.getAttribute('width')).toBe('1280');
    expect(img.getAttribute('height')).toBe('853');
    expect(img.style.backgroundColor).toBe('rgb(51, 102, 153)');
    expect(img.style.backgroundImage).toContain('data:image/webp;base64,AAAA');
  });

  it('loads lazily by default, and eagerly with high priority for the page’s main image', () => {
    const { rerender } = render(<ResponsiveImage image={image} alt="Stage" />);
    const img = () => screen.getByRole('img', { name: 'Stage' });
    expect(img().getAttribute('loading')).toBe('lazy');
    expect(img().hasAttribute('fetchpriority')).toBe(false);
    rerender(<ResponsiveImage image={image} alt="Stage" priority />);
    expect(img().getAttribute('loading')).toBe('eager');
    expect(img().getAttribute('fetchpriority')).toBe('high');
  });

  it('announces the page’s main image in the head at high priority, in the format the picture offers first', () => {
    const html = renderToString(
      <html>
        <head />
        <body>
          <ResponsiveImage image={image} alt="" crop="card" sizes="100vw" priority />
          <ResponsiveImage image={{ ...image, variants: image.variants.map((v) => ({ ...v, url: v.url.replace('/media/', '/other/') })) }} alt="" />
        </body>
      </html>,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = head.match(/<link rel="preload"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toContain('as="image"');
    expect(preloads[0]).toMatch(/fetchPriority="high"/i);
    expect(preloads[0]).toContain('type="image/avif"');
    expect(preloads[0]).toMatch(/imageSrcSet="\/media\/card-320\.avif 320w, [^"]*\/media\/card-1280\.avif 1280w"/i);
  });

  it('uses the 16:9 card crop when asked, with its own shape', () => {
    const { container } = render(<ResponsiveImage image={image} alt="Card" crop="card" />);
    const img = screen.getByRole('img', { name: 'Card' });
    expect(img.getAttribute('srcset')).toMatch(/^\/media\/card-320\.jpg 320w, .*\/media\/card-1280\.jpg 1280w$/);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1280', '720']);
    expect(container.querySelector('source[type="image/avif"]')?.getAttribute('srcset')).toContain('/media/card-640.avif 640w');
  });

  it('shows the colour at the picture’s shape while the image is still processing', () => {
    render(<ResponsiveImage image={{ ...image, variants: [] }} alt="Stage" />);
    const box = screen.getByRole('img', { name: 'Stage' });
    expect(box.tagName).toBe('SPAN');
    expect(box.style.aspectRatio).toBe('1500 / 1000');
    expect(box.style.backgroundColor).toBe('rgb(51, 102, 153)');
  });
});

describe('socialImageUrl', () => {
  it('gives the 1200×630 crop, absolute under the origin', () => {
    expect(socialImageUrl(image, 'https://kuda.rs/')).toBe('https://kuda.rs/media/social-1200.jpg');
  });

  it('falls back to the largest full JPEG, and to nothing without variants', () => {
    expect(socialImageUrl({ variants: image.variants.filter((entry) => entry.crop !== 'social') })).toBe('/media/full-1280.jpg');
    expect(socialImageUrl({ variants: [] })).toBeUndefined();
  });
});
