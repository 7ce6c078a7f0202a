import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { localeFromPath, type Locale } from '../../shared/locales';
import type { Alternate } from '../../shared/schemas/catalog';
import { alternatesFor, SeoHead } from '../features/catalog/seo';
import { localePath } from '../lib/use-locale';

/** What the loader of a fixed page (about, terms, contact, privacy) hands its view: language and SEO addresses. */
export interface StaticPageData {
  locale: Locale;
  origin: string;
  canonical: string;
  alternates: Alternate[];
}

/** The loader's work for a fixed page at `path` ("/about"): one address per language, Serbian as x-default. */
export function staticPageData(request: Request, origin: string, path: string): StaticPageData {
  const locale = localeFromPath(new URL(request.url).pathname);
  return { locale, origin, canonical: `${origin}/${locale}${path}`, alternates: alternatesFor(origin, path) };
}

/** A link inside a section, to another page of Kuda in the same language. */
export interface SectionLink {
  path: string;
  label: string;
}

export interface StaticSection {
  id: string;
  title: string;
  body: string;
  links?: SectionLink[];
  /** Anything else the section offers (the privacy policy's "change my cookie choice"). */
  extra?: ReactNode;
}

/**
 * The layout of Kuda's fixed pages: a heading, an optional date, an introduction and titled sections, with
 * the head (title, description, canonical, hreflang, Open Graph) server-rendered for crawlers.
 */
export function StaticPage({
  data,
  id,
  title,
  description,
  updated,
  sections,
}: {
  data: StaticPageData;
  id: string;
  title: string;
  description: string;
  updated?: string;
  sections: StaticSection[];
}) {
  const { t } = useTranslation();
  return (
    <Stack component="article" spacing={2} sx={{ py: 4, maxWidth: 760 }} data-testid={`page-${id}`}>
      <SeoHead
        locale={data.locale}
        title={`${title} · Kuda`}
        description={description}
        canonical={data.canonical}
        alternates={data.alternates}
        origin={data.origin}
        type="article"
      />
      <Typography variant="h1">{title}</Typography>
      {updated ? <Typography color="textSecondary">{t('polishShell.updated', { date: updated })}</Typography> : null}
      <Typography>{description}</Typography>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`${id}-${section.id}`}>
          <Typography variant="h2" id={`${id}-${section.id}`} sx={{ mt: 2, mb: 1 }}>
            {section.title}
          </Typography>
          <Typography>{section.body}</Typography>
          {section.links?.length ? (
            <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
              {section.links.map((link) => (
                <Link key={link.path} component={RouterLink} to={localePath(data.locale, link.path)} color="secondary">
                  {link.label}
                </Link>
              ))}
            </Stack>
          ) : null}
          {section.extra}
        </section>
      ))}
    </Stack>
  );
}
