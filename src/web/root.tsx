import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from 'react-router';
import { parseCityCookie } from '../shared/city-cookie';
import { parseConsent } from '../shared/consent';
import { manifestPath } from '../shared/app-manifest';
import { localeFromPath } from '../shared/locales';
import type { Route } from './+types/root';
import { AppShell } from './app/app-shell';
import { ensureRouteNamespaces, routeNamespacesReady } from './lib/i18n';
import { theme } from './lib/theme';
import { type RootData, useRootData } from './lib/root-data';
import { installSessionClient, useSessionStart } from './lib/session';
import { PwaLayer } from './pwa/pwa-layer';

// Before hydration, so that no component ever reaches the API client unwired (spec §4 session, snackbar).
installSessionClient();

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const [categories, cityList] = await Promise.all([context.services.catalog.categories(locale), context.services.catalog.cities()]);
  const cities = cityList.map((city) => ({ slug: city.slug, name: city.name[locale] }));
  const known = (slug: string | null) => (slug && cities.some((city) => city.slug === slug) ? slug : null);
  return {
    consent: parseConsent(request.headers.get('cookie')),
    analyticsUrl: context.services.config.ANALYTICS_URL ?? null,
    mapStyleUrl: context.services.config.MAP_STYLE_URL,
    // Cached guest pages have no nonce (their CSP lists script hashes): no empty nonce="" attribute then.
    nonce: context.cspNonce || undefined,
    categories,
    cities,
    city: known(url.searchParams.get('city')) ?? known(parseCityCookie(request.headers.get('cookie'))),
  };
}

/**
 * Issue #13: the browser holds only the texts of the pages it has drawn. Before a page whose namespaces it
 * lacks (entering the back office, or another language) is drawn, the root loads them, alongside its
 * own data; on hydration this does not run (entry.client.tsx loaded the page's set already).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<RootData> {
  const [data] = await Promise.all([serverLoader(), ensureRouteNamespaces(new URL(request.url).pathname)]);
  return data;
}

/**
 * The root's data depends on the language (the path's prefix), the city (`?city=`, else its cookie, which
 * only a full page load through /city changes) and what a form sent; not on the page or its other
 * search parameters. So a filter change or a move between pages asks only for the page's own data.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!routeNamespacesReady(nextUrl.pathname)) return true;
  // A form's action, or an explicit revalidation (same address), may have changed anything.
  if ((formMethod && formMethod !== 'GET') || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return (
    localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname) ||
    currentUrl.searchParams.get('city') !== nextUrl.searchParams.get('city')
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const data = useRootData();
  return (
    <html lang={locale === 'sr' ? 'sr-Latn' : locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f1115" />
        <meta name="color-scheme" content="dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href={manifestPath(locale)} />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useSessionStart();
  return (
    <ThemeProvider theme={theme}>
      <AppShell consent={loaderData.consent} analyticsUrl={loaderData.analyticsUrl}>
        <Outlet />
      </AppShell>
      <PwaLayer />
    </ThemeProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <ThemeProvider theme={theme}>
      <main style={{ padding: 32 }}>
        <title>{t('error.title')}</title>
        <h1>{status === 404 ? t('notFound.title') : t('error.title')}</h1>
        <p>{status === 404 ? t('notFound.body') : t('error.body')}</p>
        <a href="/">{t('notFound.home')}</a>
      </main>
    </ThemeProvider>
  );
}
