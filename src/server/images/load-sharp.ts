import type sharpFunction from 'sharp';

let loading: Promise<typeof sharpFunction> | undefined;

/**
 * sharp (libvips, a native library) loads with the first image to decode, not at start: a few hundred
 * milliseconds and some 20 MB of resident memory that starting, and an instance that never sees an
 * upload, do not need.
 *
 * libvips' operation cache is off: it keeps up to 50 MB of recent operations' results for a caller that
 * repeats the same operation on the same input, and Kuda never does (each upload is decoded and cut into its
 * variants once). Kept on, it held that memory for good after the first start's demo photos (a fresh
 * embedded start idled at 545–635 MB resident with it, 545–564 MB without; docs/performance.md).
 */
export function loadSharp(): Promise<typeof sharpFunction> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
