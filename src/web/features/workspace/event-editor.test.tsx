// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Category, Tag } from '../../../shared/schemas/catalog';
import type { OrganizerEvent } from '../../../shared/schemas/organizer-workspace';
import type { OrganizerVenue } from '../../../shared/schemas/organizer-venues';
import { json, problemResponse, signedInFakeApi } from '../../test-support/fake-api';
import { renderAt } from '../../test-support/render';
import { EventEditor } from './event-editor';

afterEach(cleanup);

const CATEGORIES: Category[] = [{ id: 3, slug: 'music', name: 'Music', icon: 'music', subcategories: [{ id: 31, slug: 'jazz', name: 'Jazz' }] }];
const TAGS: Tag[] = [{ id: 5, slug: 'outdoor', name: 'Outdoor' }];
const VENUES: OrganizerVenue[] = [
  { id: 9, slug: 'dom-omladine', name: { sr: 'Dom omladine' }, display_name: 'Dom omladine', address: 'Makedonska 22', city: 'Beograd', lat: 44.8, lng: 20.4, accessibility: null, capacity: 300, images: [], url: '/venues/dom-omladine-9' },
];

function savedEvent(body: Record<string, unknown>, id = 77): OrganizerEvent {
  return {
    id,
    slug: 'event',
    status: 'draft',
    removed_by_moderation: false,
    publish_at: null,
    title: body.title as Record<string, string>,
    summary: (body.summary as Record<string, string>) ?? {},
    description: (body.description as Record<string, string>) ?? {},
    source_locale: body.source_locale as 'en',
    completeness: {},
    category_id: body.category_id as number,
    subcategory_id: null,
    tag_ids: [],
    venue_id: (body.venue_id as number) ?? null,
    online_url: null,
    starts_at: body.starts_at as string,
    ends_at: null,
    time_zone: 'Europe/Belgrade',
    date_tba: false,
    price: null,
    performers: [],
    image_id: null,
    image: null,
    reservation: null,
    series_id: null,
    url: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

function renderEditor() {
  return renderAt(<EventEditor event={null} venues={VENUES} categories={CATEGORIES} tags={TAGS} />, { path: '/en/organizer/events/new' });
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, date: string) {
  await user.type(screen.getByLabelText(/^Title \(English\)/), 'Jazz night');
  await user.click(screen.getByLabelText(/^Category/));
  await user.click(await screen.findByRole('option', { name: 'Music' }));
  const start = screen.getByLabelText(/^Starts — date/);
  await user.clear(start);
  await user.type(start, date);
}

describe('EventEditor', () => {
  it('sends prices in minor units and a summer start with the +02:00 Belgrade offset', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ 'POST /organizer/events': (call) => json({ event: savedEvent(call.body as Record<string, unknown>) }, 201) });
    renderEditor();
    await fillRequired(user, '2030-07-15');
    await user.click(screen.getByRole('radio', { name: 'A price range' }));
    await user.type(screen.getByLabelText(/^From/), '1200');
    await user.type(screen.getByLabelText(/^To/), '1500,50');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('POST /organizer/events')).toHaveLength(1));
    const body = api.callsTo('POST /organizer/events')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: { en: 'Jazz night', sr: '', uk: '', ru: '' },
      source_locale: 'en',
      category_id: 3,
      starts_at: '2030-07-15T20:00:00+02:00',
      time_zone: 'Europe/Belgrade',
      price: { min: 120000, max: 150050, currency: 'RSD' },
      reservation: null,
    });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('sends a winter start with +01:00 and a free price as zero', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ 'POST /organizer/events': (call) => json({ event: savedEvent(call.body as Record<string, unknown>) }, 201) });
    renderEditor();
    await fillRequired(user, '2030-01-15');
    await user.click(screen.getByRole('radio', { name: 'Free' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('POST /organizer/events')).toHaveLength(1));
    expect(api.callsTo('POST /organizer/events')[0]?.body).toMatchObject({ starts_at: '2030-01-15T20:00:00+01:00', price: { min: 0, max: 0 } });
  });

  it('marks the languages whose title is written', async () => {
    const user = userEvent.setup();
    signedInFakeApi();
    renderEditor();
    expect(screen.getByTestId('text-tab-en').getAttribute('data-complete')).toBe('false');
    expect(screen.getByRole('tab', { name: 'EN — English: empty' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Title \(English\)/), 'Jazz night');
    expect(screen.getByRole('tab', { name: 'EN — English: written' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'SR — Serbian: empty' })).toBeTruthy();
  });

  it('previews the fallback for a reader of a language not written yet, Serbian in Latin', async () => {
    const user = userEvent.setup();
    signedInFakeApi();
    renderEditor();
    await user.click(screen.getByRole('radio', { name: 'Serbian' }));
    await user.click(screen.getByRole('tab', { name: /^SR — Serbian/ }));
    await user.type(screen.getByLabelText(/^Title \(Serbian\)/), 'Џез вече');
    await user.click(screen.getByRole('button', { name: 'UK — Reader of Ukrainian' }));
    const preview = screen.getByTestId('event-preview');
    expect(within(preview).getByTestId('preview-title').textContent).toBe('Džez veče');
    expect(screen.getByTestId('preview-fallback').textContent).toBe('Not written in this language yet: shown in Serbian.');
  });

  it('shows a server error on title.sr under the Serbian title', async () => {
    const user = userEvent.setup();
    signedInFakeApi({
      'POST /organizer/events': () => problemResponse(422, 'validation_failed', 'Check the marked fields.', { 'title.sr': ['Write the title in the language it was written first.'] }),
    });
    renderEditor();
    await fillRequired(user, '2030-07-15');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const field = await screen.findByLabelText(/^Title \(Serbian\)/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('tab', { name: /^SR — Serbian/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Write the title in the language it was written first.')).toBeTruthy();
  });

  it('shows a server error on starts_at under the postpone dialog\'s date and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const published: OrganizerEvent = { ...savedEvent({ title: { en: 'Jazz night' }, source_locale: 'en', category_id: 3, venue_id: 9, starts_at: '2030-07-15T18:00:00Z' }), status: 'published', url: '/en/events/event-77' };
    const api = signedInFakeApi({
      'POST /organizer/events/77/postpone': () => problemResponse(422, 'validation_failed', 'Check the marked fields.', { starts_at: ['The new date must be after today.'] }),
    });
    renderAt(<EventEditor event={published} venues={VENUES} categories={CATEGORIES} tags={TAGS} />, { path: '/en/organizer/events/77' });
    await user.click(screen.getByRole('button', { name: 'Postpone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Postpone the event' });
    await user.type(within(dialog).getByLabelText(/^New start — date/), '2030-08-01');
    await user.click(within(dialog).getByRole('button', { name: 'Postpone' }));
    await waitFor(() => expect(api.callsTo('POST /organizer/events/77/postpone')).toHaveLength(1));
    expect(api.callsTo('POST /organizer/events/77/postpone')[0]?.body).toEqual({ starts_at: '2030-08-01T20:00:00+02:00' });
    const date = within(dialog).getByLabelText(/^New start — date/);
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('The new date must be after today.')).toBeTruthy();
  });
});
