import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadCatalogue } from '../../../shared/i18n-resources';
import type { Locale } from '../../../shared/locales';
import { createI18n } from '../../lib/i18n';
import { theme } from '../../lib/theme';

/**
 * Component tests render with the real catalogues of a language, the app's theme and a router at a
 * path in that language, so texts and links are the ones a person sees.
 */
export async function renderWithApp(ui: ReactElement, { locale = 'en', path }: { locale?: Locale; path?: string } = {}): Promise<RenderResult> {
  const i18n = createI18n(locale, await loadCatalogue(locale));
  const at = path ?? `/${locale}/reservation/new?event=7`;
  // A data router, as in the app: components may revalidate loaders.
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [at] });
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </I18nextProvider>,
  );
}
