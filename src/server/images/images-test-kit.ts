import sharp from 'sharp';

/** Test images made with sharp in the test itself: no binary fixtures in the repository. */

/** Bytes 0x8825, little-endian: the EXIF tag that points to the GPS block. */
export const GPS_POINTER = Buffer.from([0x25, 0x88]);

/**
 * A camera JPEG held sideways: stored 700×1300 with EXIF orientation 6 (shown 1300×700), a GPS position
 * and a camera make. The stored top rows are red, the rest blue, so after turning the right edge is red.
 */
export async function sidewaysPhotoWithGps(): Promise<Buffer> {
  const redTop = await sharp({ create: { width: 700, height: 100, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp({ create: { width: 700, height: 1300, channels: 3, background: '#0000ff' } })
    .composite([{ input: redTop, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'KudaCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '44/1 48/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function solidImage(
  format: 'png' | 'jpeg' | 'webp' | 'avif',
  { width = 1300, height = 700, color = '#2a9d8f' }: { width?: number; height?: number; color?: string } = {},
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  if (format === 'avif') return image.avif({ quality: 50, effort: 0 }).toBuffer();
  return image[format]().toBuffer();
}

/** The first bytes of an iPhone photo: an ISO-BMFF `ftyp` box of brand `heic`, then no decodable image. */
export function heicHeaderOnly(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('mif1heic', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(200, 7)]);
}

export async function pixel(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
}
