// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Suggestion } from '../../../shared/schemas/catalog';
import { INITIAL_UI, useUiStore } from '../../stores/ui-store';
import { renderAt } from '../../test-support/render';
import SearchCombobox, { orderSuggestions } from './search-combobox';

const suggestions: Suggestion[] = [
  { kind: 'event', id: 1, label: 'Jazz Evening: Vesna Radić', secondary: 'Sun 22 Nov · Sinagoga', path: '/en/events/dzez-vece-vesna-radic-1' },
  { kind: 'venue', id: 40, label: 'Sinagoga Novi Sad', secondary: 'Novi Sad', path: '/en/venues/sinagoga-novi-sad-40' },
  { kind: 'category', id: 1, label: 'Concerts', secondary: null, path: '/en/categories/koncerti' },
];

const fetchSuggestions = vi.fn(async (_q: string) => suggestions);
vi.mock('./search-api', () => ({ fetchSuggestions: (q: string) => fetchSuggestions(q) }));

describe('global search combobox', () => {
  beforeEach(() => {
    useUiStore.setState({ ...INITIAL_UI });
    fetchSuggestions.mockClear();
  });
  afterEach(cleanup);

  it('is a labelled combobox that suggests as one types, grouped by kind', async () => {
    const user = userEvent.setup();
    renderAt(<SearchCombobox />, { path: '/en/' });
    const box = screen.getByRole('combobox', { name: 'Search events, venues and categories' });
    await user.type(box, 'весна');
    expect(await screen.findByRole('option', { name: /Jazz Evening: Vesna Radić/ })).toBeTruthy();
    expect(screen.getByRole('listbox')).toBeTruthy();
    // Asked once for the whole word, not once per letter.
    expect(fetchSuggestions).toHaveBeenCalledTimes(1);
    expect(fetchSuggestions).toHaveBeenCalledWith('весна');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Concerts',
      expect.stringContaining('Jazz Evening'),
      expect.stringContaining('Sinagoga Novi Sad'),
    ]);
    expect(useUiStore.getState().globalSearchQuery).toBe('весна');
  });

  it('announces how many suggestions arrived in a polite live region', async () => {
    const user = userEvent.setup();
    renderAt(<SearchCombobox />, { path: '/en/' });
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    await user.type(screen.getByRole('combobox'), 'jazz');
    await waitFor(() => expect(status.textContent).toBe('3 suggestions'));
    fetchSuggestions.mockResolvedValueOnce([suggestions[0]!]);
    await user.type(screen.getByRole('combobox'), ' evening');
    await waitFor(() => expect(status.textContent).toBe('1 suggestion'));
    fetchSuggestions.mockResolvedValueOnce([]);
    await user.type(screen.getByRole('combobox'), 'zzz');
    await waitFor(() => expect(status.textContent).toBe('No suggestions'));
  });

  it('opens a suggestion chosen with the keyboard', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<SearchCombobox />, { path: '/en/' });
    await user.type(screen.getByRole('combobox'), 'jazz');
    await screen.findByRole('option', { name: /Jazz Evening/ });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/events/dzez-vece-vesna-radic-1'));
  });

  it('searches the typed text on Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<SearchCombobox />, { path: '/uk/' });
    await user.type(screen.getByRole('combobox'), 'koncert{Enter}');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/uk/search?q=koncert'));
  });

  it('orders suggestions by kind and keeps the server order within a kind', () => {
    expect(orderSuggestions(suggestions).map((item) => item.kind)).toEqual(['category', 'event', 'venue']);
  });

  it('offers no clear cross of its own; Escape clears what was typed, then leaves the search', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderAt(<SearchCombobox autoFocus onDone={onDone} />, { path: '/en/' });
    const box = screen.getByRole('combobox');
    await user.type(box, 'jazz');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    await user.keyboard('{Escape}{Escape}');
    await waitFor(() => expect(useUiStore.getState().globalSearchQuery).toBe(''));
    expect(onDone).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
