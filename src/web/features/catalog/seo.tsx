import { LOCALES, type Locale } from '../../../shared/locales';
import type { Alternate } from '../../../shared/schemas/catalog';
import { useRootData } from '../../lib/root-data';

/** Open Graph locale tags (language_TERRITORY). */
const OG_LOCALE: Record<Locale, string> = { sr: 'sr_RS', en: 'en_GB', uk: 'uk_UA', ru: 'ru_RU' };

/** The path after the language segment: "/en/categories/koncerti" → "/categories/koncerti"; home → "/". */
export function pathWithoutLocale(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  if ((LOCALES as readonly string[]).includes(parts[0] ?? '')) parts.shift();
  return `/${parts.join('/')}`;
}

/** The same page in each language, and x-default (the Serbian page, Kuda's default language). */
export function alternatesFor(origin: string, path: string, search = ''): Alternate[] {
  const rest = path === '/' ? '/' : path;
  const urls = LOCALES.map((locale) => ({ hreflang: locale as string, href: `${origin}/${locale}${rest}${search}` }));
  return [...urls, { hreflang: 'x-default', href: `${origin}/sr${rest}${search}` }];
}

export interface SeoProps {
  locale: Locale;
  title: string;
  description: string;
  canonical: string;
  alternates: Alternate[];
  image?: { url: string; width: number; height: number; alt: string } | null;
  origin: string;
  type?: 'website' | 'article' | 'place';
  noindex?: boolean;
}

/** A link preview needs an absolute image URL; relative artwork paths get the site origin. */
export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * Title, description, canonical, hreflang alternates, Open Graph and Twitter tags (DESIGN §5). React 19
 * hoists these into <head>, in the server-rendered HTML too, so crawlers and link-preview bots that run
 * no JavaScript see them.
 */
export function SeoHead({ locale, title, description, canonical, alternates, image, origin, type = 'website', noindex }: SeoProps) {
  const imageUrl = image ? absoluteUrl(origin, image.url) : null;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      <link rel="canonical" href={canonical} />
      {alternates.map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
      ))}
      <meta property="og:site_name" content="Kuda" />
      <meta property="og:type" content={type === 'place' ? 'website' : type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={OG_LOCALE[locale]} />
      {LOCALES.filter((other) => other !== locale).map((other) => (
        <meta key={other} property="og:locale:alternate" content={OG_LOCALE[other]} />
      ))}
      {imageUrl && image ? (
        <>
          <meta property="og:image" content={imageUrl} />
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
          <meta property="og:image:alt" content={image.alt} />
        </>
      ) : null}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
    </>
  );
}

/** `<` is written as \u003c so no text inside the data can close the script element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Structured data for search engines. It is data, not script, so the CSP does not block it; it carries
 * the request's nonce anyway, as every inline script element on the page does.
 */
export function JsonLd({ data }: { data: unknown }) {
  const root = useRootData();
  return <script type="application/ld+json" nonce={root?.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}

/** Shortens a description to a meta-description length, at a word boundary. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,.;:\s]+$/, '')}…`;
}
