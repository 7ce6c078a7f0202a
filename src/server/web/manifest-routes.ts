import type { FastifyInstance } from 'fastify';
import { appManifest } from '../../shared/app-manifest';
import { isLocale } from '../../shared/locales';
import { etagMatches, weakEtag } from '../catalog/http-cache';
import { translate } from '../lib/i18n';

/** Browsers fetch the manifest on every page view and check for changes now and then: an hour is plenty. */
const MANIFEST_CACHE = 'public, max-age=3600';

/**
 * `/{lang}/manifest.webmanifest` (issue #12 "Install and offline"): the installable app in the page's
 * language, its names and shortcuts from the `posted` catalogue. Public and the same for everyone.
 */
export async function manifestRoutes(app: FastifyInstance) {
  app.get<{ Params: { lang: string } }>('/:lang/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const locale = request.params.lang;
    if (!isLocale(locale)) return reply.callNotFound();
    const t = (key: string) => translate(locale, `posted:offline.manifest.${key}`);
    const body = JSON.stringify(
      appManifest(locale, { name: t('name'), shortName: t('shortName'), description: t('description'), tonight: t('tonight'), reservations: t('reservations') }),
    );
    const etag = weakEtag(body);
    reply.header('cache-control', MANIFEST_CACHE).header('etag', etag).type('application/manifest+json; charset=utf-8');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(body);
  });
}
