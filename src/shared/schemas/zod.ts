import { config, z } from 'zod';

/*
 * In the browser zod runs without its `new Function` fast path: our CSP has no 'unsafe-eval', and even
 * zod's caught probe for it is reported as a policy violation. Servers keep the faster compiled parsers.
 * Schema modules import `z` from here so this runs before any schema is built.
 */
if (typeof window !== 'undefined') config({ jitless: true });

export { z };
