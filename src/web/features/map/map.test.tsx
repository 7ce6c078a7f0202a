// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPointList } from '../../../shared/schemas/catalog';
import { ApiClient, setApiClient } from '../../lib/api-client';
import { createMemoryStorage } from '../../lib/token-storage';
import { renderAt } from '../../test-support/render';
import { ListingMap } from './listing-map';
import { NearMeButton } from './near-me-button';

/** jsdom has no WebGL: the map constructor throws as a browser without it does. */
vi.mock('maplibre-gl', () => ({
  setWorkerUrl: () => undefined,
  LngLatBounds: class {
    extend() {
      return this;
    }
  },
  Map: class {
    constructor() {
      throw new Error('Failed to initialize WebGL');
    }
  },
  Marker: class {},
}));

type PositionAnswer = { coords: { latitude: number; longitude: number } } | { code: number };

/** A geolocation that answers the way a test says, and counts how often it was asked. */
function mockGeolocation(answer: PositionAnswer) {
  const getCurrentPosition = vi.fn((success: (position: unknown) => void, failure: (error: unknown) => void) => {
    if ('coords' in answer) success(answer);
    else failure({ ...answer, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

function token(): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'none' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 3600, sub: 'guest' })}.sig`;
}

let mapQueries: URLSearchParams[] = [];

beforeEach(() => {
  mapQueries = [];
  const storage = createMemoryStorage();
  storage.setItem('accessToken', token());
  storage.setItem('refreshToken', token());
  const points: EventPointList = {
    items: [{ id: 1, slug: 'jazz', title: 'Jazz night', starts_at: '2030-05-01T18:00:00.000Z', lat: 45.2551, lng: 19.8451, category_icon: 'music_note' }],
    truncated: false,
  };
  const fakeFetch: typeof fetch = async (input) => {
    const url = new URL(String(input), 'http://kuda.test');
    if (url.pathname === '/api/v1/events/map') mapQueries.push(url.searchParams);
    return new Response(JSON.stringify(points), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  setApiClient(new ApiClient({ fetch: fakeFetch, storage, locks: null }));
});

afterEach(() => {
  cleanup();
  setApiClient(null);
});

describe('NearMeButton', () => {
  it('asks for the position only when pressed, then opens the listing near a rounded point, sorted by distance', async () => {
    const asked = mockGeolocation({ coords: { latitude: 45.25513377, longitude: 19.84512345 } });
    const user = userEvent.setup();
    const { router } = renderAt(<NearMeButton />, { path: '/en/categories/koncerti?free=1' });
    expect(asked).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Near me' }));
    expect(asked).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/categories/koncerti'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ free: '1', near: '45.255,19.845', sort: 'distance' });
    expect(await screen.findByText('Nearest first, within 5 km of you')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Anywhere' }));
    await waitFor(() => expect(router.state.location.search).toBe('?free=1'));
  });

  it('says so in the reader’s language when the position is refused or cannot be found', async () => {
    mockGeolocation({ code: 1 });
    const user = userEvent.setup();
    const { router } = renderAt(<NearMeButton />, { path: '/sr/' });
    await user.click(await screen.findByRole('button', { name: 'Blizu mene' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Kuda ne sme da koristi vašu lokaciju');
    expect(router.state.location.search).toBe('');

    cleanup();
    mockGeolocation({ code: 2 });
    renderAt(<NearMeButton />, { path: '/uk/' });
    await user.click(await screen.findByRole('button', { name: 'Поруч зі мною' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Не вдалося визначити ваше місцезнаходження');
  });
});

describe('ListingMap', () => {
  it('loads the map only when toggled, with the listing’s filters, and says so when it cannot draw', async () => {
    const user = userEvent.setup();
    renderAt(
      <>
        <ListingMap query={{ category: 'koncerti', free: true, near: '45.255,19.845' }} events={[]} />
        <p>the list</p>
      </>,
      { path: '/en/categories/koncerti', rootData: { mapStyleUrl: 'http://127.0.0.1:4010/style.json' } },
    );
    const toggle = await screen.findByRole('button', { name: 'Map' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(mapQueries).toHaveLength(0);
    await user.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe('The map could not load. The list below still works.');
    expect(Object.fromEntries(mapQueries[0]!)).toEqual({ category: 'koncerti', free: 'true', near: '45.255,19.845' });
    expect(screen.getByText('the list')).toBeTruthy();
  });
});
