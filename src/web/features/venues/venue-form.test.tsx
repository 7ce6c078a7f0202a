// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadedImage } from '../../../shared/schemas/organizer-workspace';
import type { OrganizerVenue } from '../../../shared/schemas/organizer-venues';
import { json, problemResponse, signedInFakeApi } from '../../test-support/fake-api';
import { renderAt } from '../../test-support/render';
import { VenueForm } from './venue-form';
import { createVenue, updateVenue } from './venues-api';

afterEach(cleanup);

const VENUE: OrganizerVenue = {
  id: 12,
  slug: 'dom-omladine',
  name: { sr: 'Dom omladine', en: 'Youth Centre' },
  display_name: 'Youth Centre',
  address: 'Makedonska 22',
  city: 'beograd',
  lat: 44.8155,
  lng: 20.4636,
  accessibility: null,
  capacity: 300,
  images: [],
  url: '/en/venues/dom-omladine-12',
};

const photo = (id: string, alt: Record<string, string> = {}): UploadedImage => ({
  id,
  width: 1200,
  height: 630,
  status: 'ready',
  focal_x: 0.5,
  focal_y: 0.5,
  alt,
  dominant_color: '#2a9d8f',
  placeholder: null,
  variants: [{ url: `/media/${id.slice(0, 8)}.jpg`, format: 'jpeg', width: 640, height: 360, crop: 'card' }],
});
const STAGE = photo('0b6f8a52-6a2e-4b53-9a56-0c1f4c1d0a01', { en: 'The stage' });
const BAR = photo('0b6f8a52-6a2e-4b53-9a56-0c1f4c1d0a02');
const HALL = photo('0b6f8a52-6a2e-4b53-9a56-0c1f4c1d0a03');

describe('VenueForm', () => {
  it('sends a new venue with the name per language, the city and the city centre as its point', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ 'POST /organizer/venues': () => json({ ...VENUE, id: 13 }, 201) });
    renderAt(<VenueForm venue={null} locale="en" onSubmit={createVenue} />, { path: '/en/organizer/venues/new' });
    await user.type(screen.getByLabelText('Name (English)'), 'Cultural Centre');
    await user.click(screen.getByRole('tab', { name: /Srpski/ }));
    await user.type(screen.getByLabelText('Name (Srpski)'), 'Kulturni centar');
    await user.type(screen.getByLabelText('Address'), 'Katolička porta 5');
    await user.click(screen.getByLabelText('City'));
    await user.click(screen.getByRole('option', { name: 'Novi Sad' }));
    await user.click(screen.getByRole('button', { name: 'Use the city centre' }));
    expect(screen.getByRole('link', { name: /Check on OpenStreetMap/ }).getAttribute('href')).toContain('mlat=45.2551');
    await user.type(screen.getByLabelText('Default capacity (optional)'), '120');
    await user.click(screen.getByRole('button', { name: 'Add venue' }));
    await waitFor(() => expect(api.callsTo('POST /organizer/venues')).toHaveLength(1));
    expect(api.callsTo('POST /organizer/venues')[0]?.body).toEqual({
      name: { sr: 'Kulturni centar', en: 'Cultural Centre', uk: '', ru: '' },
      address: 'Katolička porta 5',
      city: 'novi-sad',
      lat: 45.2551,
      lng: 19.8452,
      accessibility: null,
      capacity: 120,
      image_ids: [],
    });
  });

  it("shows the server's field error on the field it names", async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({
      'PATCH /organizer/venues/12': () => problemResponse(400, 'validation_failed', 'Check the fields.', { city: ['This city is not in the list.'] }),
    });
    renderAt(<VenueForm venue={VENUE} locale="en" onSubmit={(values) => updateVenue(12, values)} />, { path: '/en/organizer/venues/12' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This city is not in the list.')).toBeTruthy();
    expect(api.callsTo('PATCH /organizer/venues/12')[0]?.body).toMatchObject({ name: { sr: 'Dom omladine', en: 'Youth Centre' }, lat: 44.8155, capacity: 300 });
  });

  it('checks the point before sending: a position is required', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi();
    renderAt(<VenueForm venue={null} locale="en" onSubmit={createVenue} />, { path: '/en/organizer/venues/new' });
    await user.type(screen.getByLabelText('Name (English)'), 'Hall');
    await user.type(screen.getByLabelText('Address'), 'Street 1');
    await user.click(screen.getByRole('button', { name: 'Add venue' }));
    expect(await screen.findAllByText('Invalid value.')).toHaveLength(2);
    expect(api.callsTo('POST /organizer/venues')).toHaveLength(0);
  });

  it('sends the photos in the order they were put in, without the removed one', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ 'PATCH /organizer/venues/12': () => json({ ...VENUE, images: [HALL, STAGE] }) });
    renderAt(<VenueForm venue={{ ...VENUE, images: [STAGE, BAR, HALL] }} locale="en" onSubmit={(values) => updateVenue(12, values)} />, {
      path: '/en/organizer/venues/12',
    });
    const list = screen.getByRole('list', { name: 'Photos of the venue' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect((screen.getByLabelText('Description of photo 1 (English)') as HTMLInputElement).value).toBe('The stage');
    expect((screen.getByRole('button', { name: 'Move photo 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Move photo 2 up' }));
    expect(screen.getByText('Changes to the photos take effect when you save the venue.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH /organizer/venues/12')).toHaveLength(1));
    expect(api.callsTo('PATCH /organizer/venues/12')[0]?.body).toMatchObject({ image_ids: [HALL.id, STAGE.id] });
  });

  it("saves a photo's description in the page language on the image itself, keeping the other languages", async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ [`PATCH /organizer/images/${STAGE.id}`]: () => json({ image: { ...STAGE, alt: { en: 'The main stage' } } }) });
    renderAt(<VenueForm venue={{ ...VENUE, images: [photo(STAGE.id, { sr: 'Bina', en: 'The stage' })] }} locale="en" onSubmit={(values) => updateVenue(12, values)} />, {
      path: '/en/organizer/venues/12',
    });
    const field = screen.getByLabelText('Description of photo 1 (English)');
    await user.clear(field);
    await user.type(field, 'The main stage');
    await user.tab();
    await waitFor(() => expect(api.callsTo(`PATCH /organizer/images/${STAGE.id}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /organizer/images/${STAGE.id}`)[0]?.body).toEqual({ alt: { sr: 'Bina', en: 'The main stage' } });
  });

  it("shows the server's refusal of a photo in the photos section", async () => {
    const user = userEvent.setup();
    signedInFakeApi({
      'PATCH /organizer/venues/12': () => problemResponse(400, 'validation_failed', 'Check the fields.', { image_ids: ['This photo is not yours.'] }),
    });
    renderAt(<VenueForm venue={{ ...VENUE, images: [STAGE] }} locale="en" onSubmit={(values) => updateVenue(12, values)} />, { path: '/en/organizer/venues/12' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText('This photo is not yours.')).closest('[role="alert"]')).toBeTruthy();
  });
});
