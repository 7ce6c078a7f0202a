// @vitest-environment jsdom
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../stores/user-store';
import { fakeApi, json, problemResponse } from '../../test-support/fake-api';
import { renderAt } from '../../test-support/render';
import { EventCardSlot, EventCardSlotContext } from '../../components/event-card-slot';
import { theme } from '../../lib/theme';
import { HEART_PATHS, SaveEventButton } from './save-button';
import { saveHeartSlot } from './save-heart-slot';
import { SAVE_HEART, saveHeartStyles } from './save-heart-styles';
import { useSavedStore } from './saved-store';

beforeEach(() => {
  useSavedStore.setState({ ids: new Set(), owner: null });
  useUserStore.setState({ user: null, loggedIn: false, checked: true });
});
afterEach(cleanup);

/** Hearts as the cards draw them: through the slot the app shell provides (loaded after hydration). */
const hearts = (...ids: number[]): ReactElement => (
  <EventCardSlotContext.Provider value={saveHeartSlot}>
    {ids.map((id) => (
      <EventCardSlot key={id} eventId={id} />
    ))}
  </EventCardSlotContext.Provider>
);

describe('the heart', () => {
  it('learns the saved state after hydration, and saves at once for a guest (optimistic), with its label and aria-pressed', async () => {
    const api = fakeApi({
      'GET /saved/events/ids': () => json({ ids: [2] }),
      'PUT /saved/events/3': () => json({ event_id: 3, saved: true }),
    });
    renderAt(hearts(2, 3));
    const saved = await screen.findByRole('button', { name: 'Saved' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(save);
    expect(screen.getAllByRole('button', { name: 'Saved' })).toHaveLength(2);
    await waitFor(() => expect(api.callsTo('PUT /saved/events/3')).toHaveLength(1));
    // One question for the whole page, however many hearts it has; asked with the guest's token.
    expect(api.callsTo('GET /saved/events/ids')).toHaveLength(1);
    expect(api.callsTo('GET /saved/events/ids')[0]!.authorization).toMatch(/^Bearer /);
  });

  it('turns back when the server refuses, and the refusal reaches the person', async () => {
    const api = fakeApi({
      'GET /saved/events/ids': () => json({ ids: [] }),
      'PUT /saved/events/4': () => problemResponse(422, 'saved_limit', 'You can keep at most 2000 saved events.'),
    });
    renderAt(<SaveEventButton eventId={4} />);
    const button = await screen.findByRole('button', { name: 'Save' });
    await userEvent.click(button);
    await waitFor(() => expect(api.problems.map((problem) => problem.code)).toEqual(['saved_limit']));
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('unsaves with DELETE and asks again when the person signs in', async () => {
    const api = fakeApi({
      'GET /saved/events/ids': () => json({ ids: [5] }),
      'DELETE /saved/events/5': () => json({ event_id: 5, saved: false }),
    });
    // In the page's language.
    renderAt(hearts(5), { locale: 'sr' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sačuvano' }));
    expect(screen.getByRole('button', { name: 'Sačuvaj' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(api.callsTo('DELETE /saved/events/5')).toHaveLength(1));
    useUserStore.setState({ loggedIn: true });
    await waitFor(() => expect(api.callsTo('GET /saved/events/ids')).toHaveLength(2));
    expect((await screen.findByRole('button', { name: 'Sačuvano' })).getAttribute('aria-pressed')).toBe('true');
  });

  it('draws MUI’s Favorite and FavoriteBorder icons, with classes the page’s styles define', async () => {
    fakeApi({ 'GET /saved/events/ids': () => json({ ids: [6] }) });
    const muiPath = (icon: ReactNode) => render(<>{icon}</>).container.querySelector('path')!.getAttribute('d');
    expect(HEART_PATHS.saved).toBe(muiPath(<FavoriteIcon />));
    expect(HEART_PATHS.save).toBe(muiPath(<FavoriteBorderIcon />));
    cleanup();
    renderAt(hearts(6, 7));
    const [saved, save] = await Promise.all([screen.findByRole('button', { name: 'Saved' }), screen.findByRole('button', { name: 'Save' })]);
    expect(saved.querySelector('path')!.getAttribute('d')).toBe(HEART_PATHS.saved);
    expect(save.querySelector('path')!.getAttribute('d')).toBe(HEART_PATHS.save);
    const drawn = new Set([saved, saved.querySelector('svg')!].flatMap((element) => [...element.classList]));
    expect([...drawn].sort()).toEqual(Object.values(SAVE_HEART).sort());
    expect(Object.keys(saveHeartStyles(theme)).sort()).toEqual(Object.values(SAVE_HEART).map((name) => `.${name}`).sort());
  });
});
