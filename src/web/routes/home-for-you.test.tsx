// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ForYou } from '../../shared/schemas/for-you';
import { EventRow } from '../features/catalog/event-row';
import { ForYouRow } from '../features/foryou/for-you-row';
import { FOR_YOU_ROOM_KEY, FOR_YOU_ROOM_SCRIPT, FOR_YOU_ROOM_STYLE_ID } from '../features/foryou/for-you-room-memory';
import { useCategoryVisit } from '../features/foryou/use-for-you';
import { eventSummary } from '../test-support/event-summary';
import { fakeApi, json } from '../test-support/fake-api';
import { renderAt } from '../test-support/render';
import { INITIAL_UI, useUiStore } from '../stores/ui-store';

/** The home page's "For you" row as the page composes it: the catalogue's row with the person's picks. */

const PICKS: ForYou = {
  items: [
    {
      event: eventSummary({ id: 11, slug: 'new-play', title: 'A new play' }),
      reason: { kind: 'follows_venue', id: 3, name: 'Dom omladine', new: true },
    },
    {
      event: eventSummary({ id: 12, slug: 'jazz', title: 'Jazz at Kolarac' }),
      reason: { kind: 'visited_category', id: 1, name: 'Concerts', new: false },
    },
  ],
};

/** The row's own fetch (quiet: outside the app's client) answered by `answer`; calls are recorded. */
function answerForYou(answer: () => Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
  return calls;
}

function Home() {
  return <ForYouRow locale="en" size={6} Row={EventRow} />;
}

describe('the home page’s "For you" row', () => {
  beforeEach(() => {
    useUiStore.setState(INITIAL_UI);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    document.getElementById(FOR_YOU_ROOM_STYLE_ID)?.remove();
  });

  it('shows the person’s picks with why each was picked, and fills the tailored events', async () => {
    const api = fakeApi();
    const calls = answerForYou(() => json(PICKS));
    renderAt(<Home />);
    const row = await screen.findByRole('region', { name: 'For you' });
    expect(row.getAttribute('data-testid')).toBe('for-you-row');
    const cards = within(row).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('A new play')).toBeTruthy();
    expect(within(cards[0]!).getByText('Because you follow Dom omladine')).toBeTruthy();
    expect(within(cards[0]!).getByText('New')).toBeTruthy();
    expect(within(cards[1]!).getByText('Because you often open Concerts')).toBeTruthy();
    expect(within(cards[1]!).queryByText('New')).toBeNull();
    // A picked row has no "see all": it is no category's.
    expect(within(row).queryByRole('link', { name: /see all/i })).toBeNull();
    expect(calls[0]!.url).toBe('/api/v1/events/for-you?limit=6');
    expect(new Headers(calls[0]!.init?.headers).get('authorization')).toMatch(/^Bearer /);
    expect(useUiStore.getState().tailoredEvents.map((event) => event.id)).toEqual([11, 12]);
    expect(api.problems).toEqual([]);
  });

  it('renders nothing for a person without picks, and nothing (no error shown) when the call fails; the room kept for the row closes', async () => {
    const openRoom = () => {
      localStorage.setItem(FOR_YOU_ROOM_KEY, '400');
      new Function(FOR_YOU_ROOM_SCRIPT)();
      expect(document.getElementById(FOR_YOU_ROOM_STYLE_ID)).not.toBeNull();
    };
    fakeApi();
    openRoom();
    const failing = answerForYou(() => json({ status: 500 }, 500));
    const failed = renderAt(<Home />);
    await waitFor(() => expect(failing).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'For you' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(useUiStore.getState().tailoredEvents).toEqual([]);
    // A failed answer closes the room but keeps its height: the picks may well be there next time.
    await waitFor(() => expect(document.getElementById(FOR_YOU_ROOM_STYLE_ID)).toBeNull());
    expect(localStorage.getItem(FOR_YOU_ROOM_KEY)).toBe('400');
    failed.unmount();

    openRoom();
    const calls = answerForYou(() => json({ items: [] }));
    renderAt(<Home />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'For you' })).toBeNull();
    // No picks at all: the room closes and is forgotten.
    await waitFor(() => expect(document.getElementById(FOR_YOU_ROOM_STYLE_ID)).toBeNull());
    expect(localStorage.getItem(FOR_YOU_ROOM_KEY)).toBeNull();
  });

  it('counts a category page as opened, once, with the person’s token', async () => {
    fakeApi();
    const calls = answerForYou(() => new Response(null, { status: 204 }));
    function CategoryPage() {
      useCategoryVisit('koncerti');
      return null;
    }
    renderAt(<CategoryPage />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/v1/events/for-you/visits');
    expect(calls[0]!.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ category: 'koncerti' });
  });
});
