// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, problemResponse, signedInFakeApi } from '../../test-support/fake-api';
import { renderAt } from '../../test-support/render';
import type { AdminCategory, AdminTag } from './taxonomy-api';
import { TaxonomyScreen } from './taxonomy-screen';

afterEach(cleanup);

const THEATRE: AdminCategory = {
  id: 1,
  slug: 'pozoriste',
  name: { sr: 'Pozorište' },
  icon: 'theater_comedy',
  position: 0,
  hidden: false,
  event_count: 3,
  subcategories: [{ id: 11, category_id: 1, slug: 'drama', name: { sr: 'Drama', en: 'Drama', uk: 'Драма', ru: 'Драма' }, position: 0, hidden: false, event_count: 0 }],
};
const EMPTY: AdminCategory = { ...THEATRE, id: 2, slug: 'prazna', name: { sr: 'Prazna', en: 'Empty', uk: 'Порожня', ru: 'Пустая' }, icon: 'event', position: 1, event_count: 0, subcategories: [] };
const TAGS: AdminTag[] = [
  { id: 21, slug: 'besplatno', name: { sr: 'Besplatno', en: 'Free' }, position: 0, hidden: false, event_count: 4 },
  { id: 22, slug: 'bez-ulaznice', name: { sr: 'Bez ulaznice', en: 'No ticket' }, position: 1, hidden: false, event_count: 1 },
];

const render = () => renderAt(<TaxonomyScreen initialCategories={[THEATRE, EMPTY]} initialTags={TAGS} />, { path: '/en/admin/taxonomy' });
const rowOf = (name: string) => screen.getAllByRole('listitem').find((item) => within(item).queryByText(name, { selector: 'span' })) as HTMLElement;

describe('Taxonomy', () => {
  it('shows how many languages each entry is named in, and the count follows a rename', async () => {
    const user = userEvent.setup();
    const renamed = { ...THEATRE, name: { sr: 'Pozorište', en: 'Theatre' } };
    const api = signedInFakeApi({
      'PATCH /admin/categories/1': () => json(renamed),
      'GET /admin/categories': () => json({ items: [renamed, EMPTY] }),
      'GET /admin/tags': () => json({ items: TAGS }),
    });
    render();
    expect(within(rowOf('Pozorište')).getByLabelText('Named in 1 of 4 languages; missing: English, Українська, Русский').textContent).toBe('1/4');
    expect(within(rowOf('Empty')).getByLabelText('Named in every language').textContent).toBe('4/4');

    await user.click(screen.getByRole('button', { name: 'Edit Pozorište' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit category' });
    expect(within(dialog).getByText('If you change it, the old address keeps working: it redirects to the new one.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name (English)'), 'Theatre');
    expect(within(dialog).getByText('Named in 2 of 4 languages')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PATCH /admin/categories/1')).toHaveLength(1));
    expect(api.callsTo('PATCH /admin/categories/1')[0]?.body).toEqual({ name: { sr: 'Pozorište', en: 'Theatre' }, slug: 'pozoriste', icon: 'theater_comedy' });
    // The lists are read again after the save: the row now reads in English, and its mark counts two.
    await waitFor(() => expect(rowOf('Theatre')).toBeTruthy());
    expect(within(rowOf('Theatre')).getAllByLabelText('Named in 2 of 4 languages; missing: Українська, Русский')[0]?.textContent).toBe('2/4');
  });

  it('does not offer to delete a category with events and says why; an empty one can be deleted', () => {
    signedInFakeApi();
    render();
    const theatre = rowOf('Pozorište');
    expect(within(theatre).getByText('pozoriste · 3 events')).toBeTruthy();
    const remove = within(theatre).getByRole('button', { name: 'Delete Pozorište' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(document.getElementById(remove.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Events use it, so it cannot be deleted: hide it instead.');
    expect((screen.getByRole('button', { name: 'Delete Empty' }) as HTMLButtonElement).disabled).toBe(false);
    // A tag leaves its events when deleted: never blocked.
    expect((screen.getByRole('button', { name: 'Delete Free' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('puts the server’s slug refusal on the slug field', async () => {
    const user = userEvent.setup();
    signedInFakeApi({
      'POST /admin/tags': () => problemResponse(400, 'slug_taken', 'Some fields are not filled in correctly.', { slug: ['Another entry already uses this address.'] }),
    });
    render();
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tag' });
    await user.type(within(dialog).getByLabelText(/Name \(Srpski\)/), 'Besplatno');
    await user.type(within(dialog).getByLabelText('Address (slug)'), 'besplatno');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another entry already uses this address.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Address (slug)').getAttribute('aria-invalid')).toBe('true');
  });

  it('moves, hides and merges with one call each', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({
      'PATCH /admin/tags/22': () => json(TAGS[1]),
      'PATCH /admin/categories/2': () => json(EMPTY),
      'POST /admin/tags/21/merge': () => json(TAGS[1]),
      'GET /admin/categories': () => json({ items: [THEATRE, EMPTY] }),
      'GET /admin/tags': () => json({ items: TAGS }),
    });
    render();
    expect((screen.getByRole('button', { name: 'Move Pozorište up' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move No ticket up' }));
    await waitFor(() => expect(api.callsTo('PATCH /admin/tags/22')[0]?.body).toEqual({ position: 0 }));

    await user.click(screen.getByRole('switch', { name: 'Show Empty on the site' }));
    await waitFor(() => expect(api.callsTo('PATCH /admin/categories/2')[0]?.body).toEqual({ hidden: true }));

    await user.click(screen.getByRole('button', { name: 'Merge Free into another tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Free' });
    expect(within(dialog).getByText(/Its 4 events get the chosen tag/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(api.callsTo('POST /admin/tags/21/merge')[0]?.body).toEqual({ into: 22 }));
  });
});
