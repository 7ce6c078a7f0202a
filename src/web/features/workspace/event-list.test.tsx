// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test-support/render';
import { EventList } from './event-list';

describe('EventList', () => {
  it('shows the archive of past events on demand, keeping the other filters', () => {
    const onFilter = vi.fn();
    renderAt(<EventList items={[]} status="published" query="jazz" when={null} onFilter={onFilter} />, { path: '/en/organizer/events' });
    fireEvent.click(screen.getByRole('button', { name: 'Past (archive)' }));
    expect(onFilter).toHaveBeenCalledWith({ status: 'published', query: 'jazz', when: 'past' });
  });

  it('marks the chosen time filter and clears everything at once', () => {
    const onFilter = vi.fn();
    renderAt(<EventList items={[]} status={null} query="" when="upcoming" onFilter={onFilter} />, { path: '/sr/organizer/events' });
    expect(screen.getByRole('button', { name: 'Predstojeći' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Prikaži sve događaje' }));
    expect(onFilter).toHaveBeenCalledWith({ status: null, query: '', when: null });
  });
});
