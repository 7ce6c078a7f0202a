import { CacheProvider } from '@emotion/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { createEmotionCache } from './lib/emotion';
import { createBrowserI18n } from './lib/i18n';

// The page's language catalogues are their own chunks: load the ones this page draws (public pages no
// back-office texts, issue #13), then hydrate with the same texts the server used.
const i18n = await createBrowserI18n(window.location.pathname);
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
