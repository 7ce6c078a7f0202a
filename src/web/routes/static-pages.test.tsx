// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../shared/locales';
import { staticPageData } from '../app/static-page';
import { renderAt } from '../test-support/render';
import About from './about';
import Contact from './contact';
import { loader as menuLoader } from './menu';
import PrivacyPolicy from './privacy-policy';
import Terms from './terms';

afterEach(cleanup);

const ORIGIN = 'https://kuda.example';
const PAGES = [
  { path: '/about', Page: About, sections: 4 },
  { path: '/terms', Page: Terms, sections: 7 },
  { path: '/contact', Page: Contact, sections: 5 },
  { path: '/privacy-policy', Page: PrivacyPolicy, sections: 8 },
] as const;

function render(path: string, locale: Locale, Page: (typeof PAGES)[number]['Page']) {
  const loaderData = staticPageData(new Request(`${ORIGIN}/${locale}${path}`), ORIGIN, path);
  // The route components take their loader's data; the cast only skips the route's generated prop types.
  const Component = Page as unknown as (props: { loaderData: typeof loaderData }) => React.ReactElement;
  return renderAt(<Component loaderData={loaderData} />, { path: `/${locale}${path}` });
}

describe('the fixed pages', () => {
  it.each(PAGES)('$path has a heading, its sections and its own canonical and alternates in every language', ({ path, Page, sections }) => {
    for (const locale of LOCALES) {
      render(path, locale, Page);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(sections);
      // Nothing left untranslated: a missing key would show as its dotted name.
      expect(document.body.textContent).not.toMatch(/polishShell\.|privacy\.sections/);
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/${locale}${path}`);
      const alternates = [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => link.getAttribute('hreflang'));
      expect(alternates).toEqual([...LOCALES, 'x-default']);
      cleanup();
    }
  });

  it('speaks to people in the privacy policy, not in storage key names', () => {
    for (const locale of LOCALES) {
      render('/privacy-policy', locale, PrivacyPolicy);
      expect(document.body.textContent).not.toMatch(/accessToken|refreshToken|loggedIn|kuda_consent|\(locale\)/);
      cleanup();
    }
  });

  it('sends organizers to the application from About and Contact', () => {
    render('/about', 'sr', About);
    expect(screen.getByRole('link', { name: 'Prijavite se kao organizator' }).getAttribute('href')).toBe('/sr/organizer/apply');
    cleanup();
    render('/contact', 'uk', Contact);
    expect(screen.getByRole('link', { name: 'Подати заявку організатора' }).getAttribute('href')).toBe('/uk/organizer/apply');
    expect(screen.getByRole('link', { name: 'Мої бронювання' }).getAttribute('href')).toBe('/uk/reservations');
  });
});

describe('the menu page’s language links', () => {
  const hrefs = (url: string) => menuLoader({ request: new Request(url) } as Parameters<typeof menuLoader>[0]).languages.map((language) => language.href);

  it('lead to the page the reader came from, in each language', () => {
    expect(hrefs(`${ORIGIN}/sr/menu?from=${encodeURIComponent('/sr/events/jazz-7?x=1')}`)).toEqual([
      '/sr/events/jazz-7?x=1',
      '/en/events/jazz-7?x=1',
      '/uk/events/jazz-7?x=1',
      '/ru/events/jazz-7?x=1',
    ]);
  });

  it('lead to the home page in each language when the page it came from is unknown or off the site', () => {
    for (const from of ['', 'https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      expect(hrefs(`${ORIGIN}/uk/menu?from=${encodeURIComponent(from)}`), from).toEqual(['/sr', '/en', '/uk', '/ru']);
    }
  });
});
