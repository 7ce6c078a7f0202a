import type sharpFunction from 'sharp';

let loading: Promise<typeof sharpFunction> | undefined;

/**
 * sharp (libvips, a native library) loads with the first image to decode, not at start: a few hundred
 * milliseconds and some 20 MB of resident memory that starting, and an instance that never sees an
 * upload, do not need.
 */
export function loadSharp(): Promise<typeof sharpFunction> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
