// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSnackbarStore } from '../../stores/snackbar-store';
import { renderAt } from '../../test-support/render';
import { CalendarSubscribe } from './calendar-subscribe';

afterEach(cleanup);

describe('CalendarSubscribe', () => {
  it("offers a venue's feed as webcal://, as a copyable https address in the page's language, and as Atom", async () => {
    renderAt(<CalendarSubscribe kind="venue" id={12} origin="https://kuda.example" />, { path: '/en/venues/hall-12' });
    expect(screen.getByRole('heading', { name: 'Follow in your calendar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe in a calendar app' }).getAttribute('href')).toBe('webcal://kuda.example/calendar/venues/12.ics?lang=en');
    expect((screen.getByRole('textbox', { name: 'Calendar address' }) as HTMLInputElement).value).toBe('https://kuda.example/calendar/venues/12.ics?lang=en');
    expect(screen.getByRole('link', { name: 'Atom feed' }).getAttribute('href')).toBe('https://kuda.example/calendar/venues/12.atom?lang=en');

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy the calendar address' }));
    expect(writeText).toHaveBeenCalledWith('https://kuda.example/calendar/venues/12.ics?lang=en');
    expect(useSnackbarStore.getState().message).toBe('Calendar address copied');
  });

  it('names a category by slug and folds into one line as a disclosure', () => {
    renderAt(<CalendarSubscribe kind="category" slug="koncerti" origin="https://kuda.example" variant="disclosure" />, { path: '/sr/categories/koncerti' });
    expect(screen.getByTestId('calendar-subscribe').tagName).toBe('DETAILS');
    expect(screen.getByTestId('calendar-subscribe-toggle').textContent).toBe('Prati u kalendaru');
    expect((screen.getByTestId('calendar-feed-url') as HTMLInputElement).value).toBe('https://kuda.example/calendar/categories/koncerti.ics?lang=sr');
  });
});
