import { PassThrough } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { loadCatalogue } from '../shared/i18n-resources';
import { type Locale, localeFromPath } from '../shared/locales';
import { eventCardStyles } from './components/event-card-styles';
import { saveHeartStyles } from './features/saved/save-heart-styles';
import { createEmotionCache } from './lib/emotion';
import { inPlaceStyleTags } from './lib/emotion-server';
import { createI18n } from './lib/i18n';
import { scriptsAfterFirstPaint } from './lib/scripts-after-first-paint';
import { theme } from './lib/theme';
import { FOR_YOU_ROOM_SCRIPT } from './features/foryou/for-you-room-memory';

export const streamTimeout = 5_000;

/**
 * MUI's baseline (html, body, every element's box sizing) and the styles of the event cards and their hearts
 * (a listing's cards are plain elements with classes: components/event-card-styles.ts,
 * features/saved/save-heart-styles.ts), drawn here into the page's styles and never in the browser: the
 * browser would hydrate its style element by moving it, and every element of the page would be styled again
 * (lib/emotion.ts); it stays for the page's life, and the first load does not carry it. It renders no
 * element (the server's Emotion cache collects it).
 */
function PageBaseline() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <GlobalStyles styles={eventCardStyles} />
      <GlobalStyles styles={saveHeartStyles} />
    </ThemeProvider>
  );
}

/**
 * One i18next instance per language for the life of the process: the server never changes an instance's
 * language, and rendering only reads it, so concurrent requests share it instead of building one each.
 */
const i18nByLocale = new Map<Locale, ReturnType<typeof createI18n>>();
async function serverI18n(locale: Locale) {
  let instance = i18nByLocale.get(locale);
  if (!instance) {
    instance = createI18n(locale, await loadCatalogue(locale));
    i18nByLocale.set(locale, instance);
  }
  return instance;
}

/**
 * Renders the whole page before answering (onAllReady), for people and crawlers alike: the HTML carries
 * its content, head and critical CSS, which link previews and search engines need (DESIGN §5).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const i18n = await serverI18n(locale);
  // Scripts carry the request's nonce; a cached guest page is rendered without one (its CSP hashes them).
  const nonce = loadContext.cspNonce || undefined;
  const cache = createEmotionCache();
  const emotionServer = createEmotionServer(cache);

  let status = responseStatusCode;
  const html = await new Promise<string>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <CacheProvider value={cache}>
          <PageBaseline />
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CacheProvider>
      </I18nextProvider>,
      {
        nonce,
        // Every Suspense boundary stays in place in the HTML. React sends a completed boundary larger than
        // this many bytes (12,800 by default) out of line, as a hidden <div> that an inline script moves into
        // place: without JavaScript its content would stay hidden. The page is answered whole (onAllReady),
        // so nothing is gained by splitting it; the boundaries are there only to hydrate in short tasks.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          body.on('error', reject);
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });

  const chunks = emotionServer.extractCriticalToChunks(html);
  // Marked to stay where they are in the browser (lib/emotion.ts).
  const styles = inPlaceStyleTags(emotionServer.constructStyleTagsFromChunks(chunks));
  // Before anything is painted: the room a returning guest's "for you" row will take (for-you-room.tsx).
  const roomScript = `<script${nonce ? ` nonce="${nonce}"` : ''}>${FOR_YOU_ROOM_SCRIPT}</script>`;
  const withStyles = scriptsAfterFirstPaint(html).replace('</head>', () => `${roomScript}${styles}</head>`);

  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Language', locale);
  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-cache');
  return new Response(withStyles, { status, headers: responseHeaders });
}
