// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../test-support/render';
import { LanguageSwitcher } from './language-switcher';

afterEach(cleanup);

describe('LanguageSwitcher', () => {
  it('before hydration is a link to the menu page’s language list, which knows the page it came from', () => {
    renderAt(<LanguageSwitcher />, { path: '/sr/categories/koncerti?reservable=1' });
    const button = screen.getByTestId('language-switcher');
    expect(button.tagName).toBe('A');
    expect(button.getAttribute('href')).toBe(`/sr/menu?from=${encodeURIComponent('/sr/categories/koncerti?reservable=1')}#language`);
  });

  it('is named by what it shows first, so a voice command for "SR" finds it (WCAG 2.5.3, label in name)', () => {
    renderAt(<LanguageSwitcher />, { path: '/uk/' });
    const button = screen.getByTestId('language-switcher');
    expect(button.textContent).toBe('UK');
    expect(button.getAttribute('aria-label')).toBe('UK — оберіть мову');
  });

  it('once hydrated opens a menu whose entries are real links to the same page in each language', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<LanguageSwitcher />, { path: '/en/events/jazz-7?from=home' });
    await user.click(screen.getByTestId('language-switcher'));
    // The click opened the menu in place instead of following the fallback link.
    expect(router.state.location.pathname).toBe('/en/events/jazz-7');
    const ukrainian = await screen.findByRole('menuitem', { name: 'Українська' });
    expect(ukrainian.tagName).toBe('A');
    expect(ukrainian.getAttribute('href')).toBe('/uk/events/jazz-7?from=home');
    expect(ukrainian.getAttribute('hreflang')).toBe('uk');
    expect(screen.getByRole('menuitem', { name: 'Srpski' }).getAttribute('href')).toBe('/sr/events/jazz-7?from=home');
    await user.click(ukrainian);
    expect(router.state.location.pathname).toBe('/uk/events/jazz-7');
  });
});
