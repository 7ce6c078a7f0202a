import { CacheProvider } from '@emotion/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { loadCatalogue } from '../shared/i18n-resources';
import { localeFromPath } from '../shared/locales';
import { createEmotionCache } from './lib/emotion';
import { createI18n } from './lib/i18n';

// The page's language catalogue is its own chunk: load it, then hydrate with the same texts the server used.
const locale = localeFromPath(window.location.pathname);
const i18n = createI18n(locale, await loadCatalogue(locale));
const cache = createEmotionCache();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <CacheProvider value={cache}>
          <HydratedRouter />
        </CacheProvider>
      </I18nextProvider>
    </StrictMode>,
  );
});
