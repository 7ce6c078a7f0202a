import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web's layers are a lint rule (eslint.config.js, STYLE.md 25): app → features → shared, one way, and
 * no feature imports another. Each case lints a one-line module placed in a layer.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
}

describe('the web layers', () => {
  it.each([
    ['a shared component imports a feature', 'src/web/components/probe.tsx', "import { priceText as imported } from '../features/catalog/event-facts';"],
    ['a shared store imports a feature', 'src/web/stores/probe.ts', "import { guestName as imported } from '../features/organizer/guest-name';"],
    ['a shared module imports the app shell', 'src/web/lib/probe.ts', "import { AppShell as imported } from '../app/app-shell';"],
    ['a feature imports another feature', 'src/web/features/organizer/probe.ts', "import { ReserveForm as imported } from '../reservations/reserve-form';"],
    ['a feature imports the app', 'src/web/features/catalog/probe.ts', "import { ConsentBanner as imported } from '../../app/consent-banner';"],
    ['a feature imports the root module', 'src/web/features/catalog/probe.ts', "import { loader as imported } from '../../root';"],
    ['production code imports the test support', 'src/web/features/catalog/probe.ts', "import { renderAt as imported } from '../../test-support/render';"],
  ])('fails lint when %s', async (_case, filePath, source) => {
    expect(await boundaryErrors(filePath, source)).not.toEqual([]);
  });

  it.each([
    ['a route module composes features', 'src/web/routes/probe.tsx', "import { ReserveForm as imported } from '../features/reservations/reserve-form';"],
    ['the shell composes features', 'src/web/app/probe.tsx', "import { GlobalSearch as imported } from '../features/search/global-search';"],
    ['a feature uses a shared component', 'src/web/features/organizer/probe.tsx', "import { ReservationStatusChip as imported } from '../../components/reservation-status-chip';"],
    ['a feature uses its own modules', 'src/web/features/organizer/probe.ts', "import { guestName as imported } from './guest-name';"],
    ['a shared module uses the shared code', 'src/web/lib/probe.ts', "import { parseConsent as imported } from '../../shared/consent';"],
    ['a feature test uses the test support', 'src/web/features/catalog/probe.test.tsx', "import { renderAt as imported } from '../../test-support/render';"],
  ])('passes lint when %s', async (_case, filePath, source) => {
    expect(await boundaryErrors(filePath, source)).toEqual([]);
  });
});
