// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../test-support/render';
import { AppShell } from './app-shell';
import { menuPath } from './site-links';

afterEach(cleanup);

describe('the shell’s links to the site pages', () => {
  it('lists about, terms, contact and privacy last in the drawer, after the product’s entries and categories', () => {
    renderAt(
      <AppShell consent="declined" analyticsUrl={null}>
        <p>page</p>
      </AppShell>,
      { path: '/en/', rootData: { categories: [], consent: 'declined', analyticsUrl: null } },
    );
    const drawer = within(screen.getByTestId('drawer-desktop'));
    const links = drawer.getAllByRole('link', { hidden: true }).map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links[0]).toEqual(['Home', '/en']);
    expect(links.slice(-4)).toEqual([
      ['About Kuda', '/en/about'],
      ['Terms of use', '/en/terms'],
      ['Contact', '/en/contact'],
      ['Privacy policy', '/en/privacy-policy'],
    ]);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/en/about', '/en/terms', '/en/contact', '/en/privacy-policy']);
  });

  it('makes the phone menu button a link to the server-rendered menu page until the app has hydrated', () => {
    renderAt(
      <AppShell consent="declined" analyticsUrl={null}>
        <p>page</p>
      </AppShell>,
      { path: '/sr/search?q=jazz', rootData: { categories: [], consent: 'declined', analyticsUrl: null } },
    );
    expect(screen.getByTestId('drawer-toggle').getAttribute('href')).toBe(menuPath('sr', { pathname: '/sr/search', search: '?q=jazz' }));
    expect(menuPath('sr', { pathname: '/sr/search', search: '?q=jazz' })).toBe('/sr/menu?from=%2Fsr%2Fsearch%3Fq%3Djazz');
  });
});
