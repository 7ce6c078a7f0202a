// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test-support/render';
import { VenueForm } from './venue-form';
import { createVenue } from './venues-api';

type Handler = (event?: { lngLat: { lat: number; lng: number } }) => void;

/** A stand-in for maplibre-gl (jsdom has no WebGL): records the map it made and lets a test click it. */
const fake = vi.hoisted(() => ({
  fail: false,
  maps: [] as { options: { style: string; center: [number, number]; zoom: number }; handlers: Record<string, (event?: unknown) => void>; removed: boolean }[],
  markers: [] as { at: [number, number] | { lat: number; lng: number } }[],
  workerUrl: '',
}));

vi.mock('maplibre-gl', () => ({
  setWorkerUrl: (url: string) => {
    fake.workerUrl = url;
  },
  Map: class {
    handlers: Record<string, (event?: unknown) => void> = {};
    removed = false;
    constructor(public options: { style: string; center: [number, number]; zoom: number }) {
      if (fake.fail) throw new Error('Failed to initialize WebGL');
      fake.maps.push(this);
    }
    on(type: string, handler: (event?: unknown) => void) {
      this.handlers[type] = handler;
      return this;
    }
    resize() {}
    remove() {
      this.removed = true;
    }
  },
  Marker: class {
    at: [number, number] | { lat: number; lng: number } = [0, 0];
    constructor() {
      fake.markers.push(this);
    }
    setLngLat(at: [number, number] | { lat: number; lng: number }) {
      this.at = at;
      return this;
    }
    getLngLat() {
      return Array.isArray(this.at) ? { lng: this.at[0], lat: this.at[1] } : this.at;
    }
    addTo() {
      return this;
    }
    on() {
      return this;
    }
  },
}));

const STYLE = 'http://127.0.0.1:4010/style.json';

beforeEach(() => {
  fake.fail = false;
  fake.maps.length = 0;
  fake.markers.length = 0;
});
afterEach(cleanup);

describe('VenueMapPicker', () => {
  it('opens the map on the city centre; a click on it sets the latitude and longitude fields', async () => {
    const user = userEvent.setup();
    renderAt(<VenueForm venue={null} locale="en" onSubmit={createVenue} />, { path: '/en/organizer/venues/new', rootData: { mapStyleUrl: STYLE } });
    await user.click(screen.getByRole('button', { name: 'Pick on the map' }));
    await waitFor(() => expect(fake.maps).toHaveLength(1));
    const map = fake.maps[0]!;
    expect(map.options).toMatchObject({ style: STYLE, center: [20.4569, 44.8176] });
    expect(fake.workerUrl).toContain('maplibre-gl-worker');
    act(() => map.handlers.load?.());
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    act(() => (map.handlers.click as Handler)({ lngLat: { lat: 44.81234567, lng: 20.46543219 } }));
    expect(fake.markers[0]?.at).toEqual({ lat: 44.81234567, lng: 20.46543219 });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(map.removed).toBe(true));
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('44.812346');
    expect((screen.getByLabelText('Longitude') as HTMLInputElement).value).toBe('20.465432');
    expect((await screen.findByRole('link', { name: /Check on OpenStreetMap/ })).getAttribute('href')).toContain('mlat=44.812346');
  });

  it('says so when the map cannot load, and the fields still take the point', async () => {
    fake.fail = true;
    const user = userEvent.setup();
    renderAt(<VenueForm venue={null} locale="en" onSubmit={createVenue} />, { path: '/en/organizer/venues/new', rootData: { mapStyleUrl: STYLE } });
    await user.click(screen.getByRole('button', { name: 'Pick on the map' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The map could not load here');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.type(screen.getByLabelText('Latitude'), '45.25');
    await user.type(screen.getByLabelText('Longitude'), '19.84');
    expect(screen.getByRole('link', { name: /Check on OpenStreetMap/ }).getAttribute('href')).toContain('mlat=45.25');
  });

  it('reports a style that never loads (offline, wrong URL) as a failed map', async () => {
    const user = userEvent.setup();
    renderAt(<VenueForm venue={null} locale="en" onSubmit={createVenue} />, { path: '/en/organizer/venues/new', rootData: { mapStyleUrl: STYLE } });
    await user.click(screen.getByRole('button', { name: 'Pick on the map' }));
    await waitFor(() => expect(fake.maps).toHaveLength(1));
    act(() => fake.maps[0]!.handlers.error?.());
    expect((await screen.findByRole('alert')).textContent).toContain('The map could not load here');
  });

  it('has no map button without a style (no root data)', () => {
    renderAt(<VenueForm venue={null} locale="en" onSubmit={createVenue} />, { path: '/en/organizer/venues/new' });
    expect(screen.queryByRole('button', { name: 'Pick on the map' })).toBeNull();
  });
});
