import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./young-generation.ts', import.meta.url));

/** Runs `body` in a new Node process (V8's flags are the whole process's) and answers what it printed as JSON. */
function inNewProcess(body: string) {
  const script = `
    import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
    import { holdYoungGeneration, letYoungGenerationGrow } from ${JSON.stringify(MODULE)};
    const newSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
    // Allocations that survive their scavenges, as a start's modules and schemas do.
    const survivors = () => { const kept = []; for (let i = 0; i < 1_500_000; i += 1) kept.push({ i }); return kept.length; };
    ${body}`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(output) as { first: number; held?: number; grown?: number; kept?: number };
}

describe('holdYoungGeneration and letYoungGenerationGrow', () => {
  it('the young generation stays at its first size while held (as the production entry holds it), and grows once let go', () => {
    const { first, held, grown } = inNewProcess(`
      holdYoungGeneration([]);
      const first = newSpace();
      survivors();
      const held = newSpace();
      letYoungGenerationGrow([]);
      survivors();
      console.log(JSON.stringify({ first, held, grown: newSpace() }));`);
    expect(held).toBe(first);
    expect(grown).toBeGreaterThan(first);
  });

  it('leaves the factor alone when node was started with one of its own', () => {
    const { first, kept } = inNewProcess(`
      // As \`node --semi-space-growth-factor=1\` would have it.
      setFlagsFromString('--semi-space-growth-factor=1');
      const first = newSpace();
      letYoungGenerationGrow(['--semi-space-growth-factor=1']);
      survivors();
      console.log(JSON.stringify({ first, kept: newSpace() }));`);
    expect(kept).toBe(first);
  });
});
