import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Catalogue } from '../../../shared/i18n-resources';
import { createI18n } from '../../lib/i18n';

const english = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/en/*.json', { eager: true });
const catalogue = Object.fromEntries(
  Object.entries(english).map(([path, module]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), module.default]),
) as Catalogue;

/** Renders a component at a path, with the English catalogues, as a reader would meet it. */
export function renderAt(ui: ReactElement, path = '/en/categories/koncerti') {
  const i18n = createI18n('en', catalogue);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return {
    router,
    ...render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    ),
  };
}
