// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { BusyRegion } from '../components/busy-region';
import { usePendingSamePage } from './use-pending-navigation';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Listing() {
  return (
    <BusyRegion busy={usePendingSamePage()}>
      <p>results</p>
    </BusyRegion>
  );
}

it('marks a page busy once the next answer for the same path has been loading for 200 ms, and not when leaving for another page', async () => {
  let arrive = () => {};
  const slow = () => new Promise<null>((resolve) => (arrive = () => resolve(null)));
  const router = createMemoryRouter(
    [
      { path: '/en/categories/koncerti', element: <Listing />, loader: ({ request }) => (new URL(request.url).search ? slow() : null) },
      { path: '/en/events/:slugId', element: <p>event</p>, loader: slow },
    ],
    { initialEntries: ['/en/categories/koncerti'], hydrationData: { loaderData: { '0': null } } },
  );
  render(<RouterProvider router={router} />);
  const region = () => screen.getByTestId('busy-region');
  expect(region().getAttribute('aria-busy')).toBe('false');

  act(() => {
    void router.navigate('/en/categories/koncerti?when=today');
  });
  await act(async () => vi.advanceTimersByTimeAsync(199));
  expect(region().getAttribute('aria-busy')).toBe('false');
  await act(async () => vi.advanceTimersByTimeAsync(1));
  expect(region().getAttribute('aria-busy')).toBe('true');
  await act(async () => arrive());
  expect(region().getAttribute('aria-busy')).toBe('false');

  act(() => {
    void router.navigate('/en/events/jazz-7');
  });
  await act(async () => vi.advanceTimersByTimeAsync(500));
  expect(region().getAttribute('aria-busy')).toBe('false');
  await act(async () => arrive());
});
