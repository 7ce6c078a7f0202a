import { setFlagsFromString } from 'node:v8';

/**
 * V8's young generation doubles each time a scavenge finds many survivors, up to 16 MB a semi-space (32 MB
 * resident with both). A start survives nearly everything it allocates (modules, schemas, routes), so the
 * young generation grew to its largest during the start and stayed there until V8's memory reducer
 * noticed the idle process, 30–60 s later: some 35 MB of the resident memory the bench reads at the first
 * healthy answer (issue #13: < 250 MB embedded). The production entry (production-entry.ts) holds the
 * growth factor at 1 before the server's modules load; once the server listens, the factor goes back to
 * V8's default, so the young generation grows under load as before (throughput needs it: a smaller one
 * cost the cached listing 10–30 %, docs/performance.md). A node started with its own factor keeps it.
 */
const GROWTH_FACTOR = '--semi-space-growth-factor';
const V8_DEFAULT_FACTOR = 2;

const setByNode = (execArgv: readonly string[]) => execArgv.some((arg) => arg.startsWith(GROWTH_FACTOR));

/** The young generation keeps its first size (the start is beginning). */
export function holdYoungGeneration(execArgv: readonly string[] = process.execArgv) {
  if (!setByNode(execArgv)) setFlagsFromString(`${GROWTH_FACTOR}=1`);
}

/** The young generation may grow again (the start is over). */
export function letYoungGenerationGrow(execArgv: readonly string[] = process.execArgv) {
  if (!setByNode(execArgv)) setFlagsFromString(`${GROWTH_FACTOR}=${V8_DEFAULT_FACTOR}`);
}
