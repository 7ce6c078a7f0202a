// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test-support/render';
import { OrganizerNav } from './organizer-nav';

describe('OrganizerNav', () => {
  it('links every workspace section and marks the current one, also on a page below it', () => {
    renderAt(<OrganizerNav />, { path: '/en/organizer/events/12' });
    const nav = screen.getByRole('navigation', { name: 'Organizer sections' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Reservations' }).getAttribute('href')).toBe('/en/organizer');
    expect(screen.getByRole('link', { name: 'Door' }).getAttribute('href')).toBe('/en/organizer/door');
    expect(screen.getByRole('link', { name: 'Reservations' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks reservations on the organizer home, in Serbian', () => {
    renderAt(<OrganizerNav />, { path: '/sr/organizer' });
    expect(screen.getByRole('link', { name: 'Rezervacije' }).getAttribute('aria-current')).toBe('page');
  });
});
