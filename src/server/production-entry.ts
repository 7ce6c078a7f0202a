import { holdYoungGeneration } from './lib/young-generation';

/**
 * dist/server.js, the production build's entry (scripts/build-server.mjs bundles this file alone). It runs
 * as production unless NODE_ENV says otherwise (in development mode the server would start Vite's dev
 * server), set before the bundle loads React and friends, which choose their production builds when first
 * imported; and it holds the young generation small before any of the bundle runs (young-generation.ts).
 */
process.env.NODE_ENV ||= 'production';
holdYoungGeneration();
// The server's bundle (src/server/server.ts), built beside this file; named by a variable so that this
// build leaves it as it is.
const serverBundle = './kuda.js';
await import(serverBundle);
