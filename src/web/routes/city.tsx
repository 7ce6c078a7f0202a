import { redirect } from 'react-router';
import { serializeCityCookie } from '../../shared/city-cookie';
import { localeFromPath } from '../../shared/locales';
import type { Route } from './+types/city';
import { ALL_CITIES, safeCityBack } from '../lib/city-choice';
import { localePath } from '../lib/use-locale';

/**
 * Chooses the city (issue 11): `?city=<slug>|all&back=<path>` remembers the choice in a cookie and goes
 * back. A GET link rather than a form post so the app bar's choice works as a plain link, before
 * hydration and without JavaScript; it changes nothing but the reader's own preference. An unknown city
 * changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const back = safeCityBack(url.searchParams.get('back'), localePath(locale));
  const wanted = url.searchParams.get('city');
  const cities = await context.services.catalog.cities();
  const city = wanted === ALL_CITIES ? null : cities.find((item) => item.slug === wanted)?.slug;
  if (city === undefined) throw redirect(back, 303);
  const secure = context.origin.startsWith('https:') || url.protocol === 'https:';
  throw redirect(back, { status: 303, headers: { 'set-cookie': serializeCityCookie(city, { secure }), 'cache-control': 'no-store' } });
}
