// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../../stores/user-store';
import { USER } from '../../../test-support/fake-api';
import { useRequireUser } from './use-require-user';

function PrivatePage() {
  const user = useRequireUser();
  return <p>{user ? 'private' : 'waiting'}</p>;
}

/** A private page, home (its loader held until the test lets it answer) and the sign-in page. */
function renderPrivatePage() {
  let answerHome: () => void = () => undefined;
  const homeData = new Promise<null>((resolve) => {
    answerHome = () => resolve(null);
  });
  const router = createMemoryRouter(
    [
      { path: '/en/profile', element: <PrivatePage /> },
      { path: '/en', element: <p>home</p>, loader: () => homeData },
      { path: '/en/login', element: <p>login</p> },
    ],
    { initialEntries: ['/en/profile'] },
  );
  render(<RouterProvider router={router} />);
  return { router, answerHome };
}

beforeEach(() => useUserStore.setState({ user: USER, loggedIn: true, checked: true }));
afterEach(cleanup);

describe('useRequireUser', () => {
  it('sends a guest on a private page to sign in, with the way back', async () => {
    const { router } = renderPrivatePage();
    expect(screen.getByText('private')).toBeTruthy();
    act(() => useUserStore.setState({ user: null, loggedIn: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/en/profile')}`);
  });

  it('lets a person who is leaving the page go where they were going when the session ends on the way', async () => {
    const { router, answerHome } = renderPrivatePage();
    const leaving = router.navigate('/en', { replace: true });
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    // The session ends while home is still loading (the account deleted, or a revoked token noticed).
    act(() => useUserStore.setState({ user: null, loggedIn: false }));
    await act(async () => {
      answerHome();
      await leaving;
    });
    await waitFor(() => expect(screen.getByText('home')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/en');
  });
});
