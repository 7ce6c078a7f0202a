import { data, isRouteErrorResponse, Outlet, redirect, useRouteError } from 'react-router';
import { DEFAULT_LOCALE, isLocale } from '../../shared/locales';
import type { Route } from './+types/locale-layout';
import { NotFoundPage } from './not-found';

/**
 * Looks like a language tag Kuda does not speak: a two-letter language, optionally a script and a region
 * (de, de-AT, sr-Latn, zh-Hans-CN, es-419). Words such as "jwt-secret" or ".env" do not.
 */
const FOREIGN_LANGUAGE = /^[a-z]{2}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?$/i;

/**
 * The `:lang?` segment (spec §2). The language itself is read from the path wherever it is needed. A
 * first segment that names another language falls back to Serbian: a redirect to the same page under
 * /sr, so there is one address per page. Any other first segment is no page of Kuda's: 404, not the
 * home page it would otherwise match as an index route.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const { lang } = params;
  if (lang === undefined || isLocale(lang)) return null;
  if (!FOREIGN_LANGUAGE.test(lang)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const rest = url.pathname.split('/').slice(2).join('/');
  throw redirect(`/${DEFAULT_LOCALE}/${rest}${url.search}`, 302);
}

export default function LocaleLayout() {
  return <Outlet />;
}

/** A 404 from this segment is the not-found page inside the app shell; anything else goes up to the root. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
