import { ThemeProvider } from '@mui/material/styles';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Catalogue } from '../../shared/i18n-resources';
import { type Locale, localeFromPath } from '../../shared/locales';
import { AppDialog, AppSnackbar } from '../app/app-feedback';
import { createI18n } from '../lib/i18n';
import type { RootData } from '../lib/root-data';
import { theme } from '../lib/theme';

/**
 * The one way web tests render: the real catalogues of a language, the app's theme, a data router at a
 * path in that language (components may navigate and revalidate), and the app's dialog and snackbar, so
 * texts, links and error messages are the ones a person meets.
 */

// findBy… and waitFor give up after 1 s by default: shorter than the pauses of a loaded 2-core CI host,
// where a journey through a fake API (a guest's registration, then the call) failed on time alone. A
// test that truly fails still fails, 5 s later.
configure({ asyncUtilTimeout: 5_000 });

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', { eager: true });

function catalogueOf(locale: Locale): Catalogue {
  const entries = Object.entries(files)
    .map(([path, module]) => [/\/locales\/([^/]+)\/(.+)\.json$/.exec(path), module.default] as const)
    .filter(([match]) => match?.[1] === locale)
    .map(([match, texts]) => [match?.[2], texts]);
  return Object.fromEntries(entries) as Catalogue;
}

/** The English catalogues, for tests that compare with the text a person reads. */
export const catalogue = catalogueOf('en');

/**
 * Renders `ui` at `path` (default: the language's home), in the path's language unless `locale` says otherwise;
 * with `rootData`, as the root loader's data (what `useRootData()` reads).
 */
export function renderAt(ui: ReactElement, { path, locale, rootData }: { path?: string; locale?: Locale; rootData?: Partial<RootData> } = {}) {
  const language = locale ?? (path ? localeFromPath(new URL(path, 'http://kuda.test').pathname) : 'en');
  const i18n = createI18n(language, catalogueOf(language));
  const router = rootData
    ? createMemoryRouter([{ id: 'root', path: '*', element: ui, loader: () => rootData }], {
        initialEntries: [path ?? `/${language}/`],
        hydrationData: { loaderData: { root: rootData } },
      })
    : createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path ?? `/${language}/`] });
  return {
    router,
    ...render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <RouterProvider router={router} />
          <AppDialog />
          <AppSnackbar />
        </ThemeProvider>
      </I18nextProvider>,
    ),
  };
}
