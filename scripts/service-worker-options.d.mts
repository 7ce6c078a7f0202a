import type { VitePWAOptions } from 'vite-plugin-pwa';

export function serviceWorkerOptions(overrides?: { outDir?: string }): Partial<VitePWAOptions>;
