import { expect, it } from 'vitest';
import { loadSharp } from './load-sharp';

it('loads sharp with libvips’ operation cache off, which would keep up to 50 MB for good', async () => {
  const sharp = await loadSharp();
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f5a623' } }).webp().toBuffer();
  expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 }, files: { max: 0 } });
  expect(sharp.cache().memory.current).toBe(0);
});
