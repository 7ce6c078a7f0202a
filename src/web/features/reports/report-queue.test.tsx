// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportQueue } from '../../../shared/schemas/reports';
import { json, signedInFakeApi } from '../../test-support/fake-api';
import { renderAt } from '../../test-support/render';
import { ReportQueueList } from './report-queue';

afterEach(cleanup);

const QUEUE: ReportQueue = {
  items: [
    {
      target: { type: 'event', id: 12, title: 'Jazz night', url: '/en/events/jazz-night-12', removed: false },
      count: 2,
      reasons: { spam: 1, other: 1 },
      latest_at: '2030-05-02T18:00:00.000Z',
      reports: [
        { id: 8, reason: 'other', message: 'Same poster as last year', reporter: 'guest', status: 'open', note: null, created_at: '2030-05-02T18:00:00.000Z', resolved_at: null },
        { id: 5, reason: 'spam', message: null, reporter: 'user', status: 'open', note: null, created_at: '2030-05-01T10:00:00.000Z', resolved_at: null },
      ],
    },
    {
      target: { type: 'venue', id: 3, title: 'Dom omladine', url: '/en/venues/dom-omladine-3', removed: false },
      count: 1,
      reasons: { wrong_information: 1 },
      latest_at: '2030-05-01T09:00:00.000Z',
      reports: [{ id: 4, reason: 'wrong_information', message: null, reporter: 'guest', status: 'open', note: null, created_at: '2030-05-01T09:00:00.000Z', resolved_at: null }],
    },
  ],
  next_cursor: null,
};

describe('the admin reports queue', () => {
  it('shows one card per target with its count, reasons and reports, never who sent them', () => {
    signedInFakeApi();
    renderAt(<ReportQueueList first={QUEUE} status="open" locale="en" onDecided={() => undefined} />, { path: '/en/admin/reports' });
    const cards = screen.getAllByTestId('report-group');
    expect(cards).toHaveLength(2);
    const event = within(cards[0]!);
    expect(event.getByRole('link', { name: 'Jazz night' }).getAttribute('href')).toBe('/en/events/jazz-night-12');
    expect(event.getByText('2 reports')).toBeTruthy();
    expect(event.getByText(/Spam or advertising × 1 · Other × 1/)).toBeTruthy();
    expect(event.getByText('Same poster as last year')).toBeTruthy();
    expect(event.getByText(/Spam or advertising · Signed-in user/)).toBeTruthy();
    expect(within(cards[1]!).getByText('1 report')).toBeTruthy();
  });

  it('resolves an event’s reports and takes it off the site, with a note', async () => {
    const user = userEvent.setup();
    const onDecided = vi.fn();
    const api = signedInFakeApi({ 'POST /admin/reports/8/resolve': () => json({ status: 'resolved', report_ids: [5, 8], unpublished: true }) });
    renderAt(<ReportQueueList first={QUEUE} status="open" locale="en" onDecided={onDecided} />, { path: '/en/admin/reports' });
    await user.click(within(screen.getAllByTestId('report-group')[0]!).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the reports on “Jazz night”' });
    expect(within(dialog).getByText('This closes all 2 open reports on it.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Note (for the record)'), 'Fake event');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Take the event off the site' }));
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(onDecided).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /admin/reports/8/resolve')[0]?.body).toEqual({ status: 'resolved', note: 'Fake event', unpublish: true });
    expect(await screen.findByText('2 reports closed. The event is off the site.')).toBeTruthy();
  });

  it('dismisses a venue’s report without offering to unpublish anything', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ 'POST /admin/reports/4/resolve': () => json({ status: 'dismissed', report_ids: [4], unpublished: false }) });
    renderAt(<ReportQueueList first={QUEUE} status="open" locale="en" onDecided={() => undefined} />, { path: '/en/admin/reports' });
    await user.click(within(screen.getAllByTestId('report-group')[1]!).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(api.callsTo('POST /admin/reports/4/resolve')).toHaveLength(1));
    expect(api.callsTo('POST /admin/reports/4/resolve')[0]?.body).toEqual({ status: 'dismissed' });
  });
});
