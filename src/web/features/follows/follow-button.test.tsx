// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Follow } from '../../../shared/schemas/follows';
import { setApiClient } from '../../lib/api-client';
import { fakeApi, json, signedInFakeApi } from '../../test-support/fake-api';
import { renderAt } from '../../test-support/render';
import { FollowButton } from './follow-button';
import { useFollowsStore } from './follows-store';
import { ProfileFollows } from './profile-follows';

const VENUE = { kind: 'venue' as const, id: 7, name: 'Dom omladine', slug: 'dom-omladine' };
const followed = (items: Follow[]) => () => json({ items, limit: 1000 });

beforeEach(() => useFollowsStore.getState().reset());
afterEach(() => {
  cleanup();
  setApiClient(null);
});

describe('FollowButton', () => {
  it('learns the state after hydration, then follows and stops following with aria-pressed telling which', async () => {
    const api = signedInFakeApi({ 'GET /follows': followed([]) });
    api.on('PUT /follows/venue/7', () => json({ kind: 'venue', id: 7, following: true }));
    api.on('DELETE /follows/venue/7', () => json({ kind: 'venue', id: 7, following: false }));
    const user = userEvent.setup();
    renderAt(<FollowButton target={VENUE} />, { path: '/en/venues/dom-omladine-7' });

    const follow = await screen.findByRole('button', { name: 'Follow Dom omladine' });
    await waitFor(() => expect((follow as HTMLButtonElement).disabled).toBe(false));
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    await user.click(follow);
    const following = await screen.findByRole('button', { name: 'Following Dom omladine. Press to stop following' });
    expect(following.getAttribute('aria-pressed')).toBe('true');
    expect(following.textContent).toBe('Following');
    expect(api.callsTo('PUT /follows/venue/7')).toHaveLength(1);

    await user.click(following);
    await screen.findByRole('button', { name: 'Follow Dom omladine' });
    expect(api.callsTo('DELETE /follows/venue/7')).toHaveLength(1);
  });

  it('asks nothing of a reader who never had a token (no guest registered just to read a public page)', async () => {
    const api = fakeApi({ 'GET /follows': followed([]) });
    renderAt(<FollowButton target={VENUE} />, { path: '/en/venues/dom-omladine-7' });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Follow Dom omladine' }) as HTMLButtonElement).disabled).toBe(false));
    expect(api.callsTo('GET /follows')).toEqual([]);
    expect(api.callsTo('POST /auth/register')).toEqual([]);
  });

  it('stays as it was when the server refuses (the problem goes to the snackbar)', async () => {
    const api = signedInFakeApi({ 'GET /follows': followed([]) });
    api.on('PUT /follows/venue/7', () => new Response(JSON.stringify({ status: 409, code: 'follow_limit', title: 'x', detail: 'Too many', type: 'about:blank' }), { status: 409, headers: { 'content-type': 'application/problem+json' } }));
    const user = userEvent.setup();
    renderAt(<FollowButton target={VENUE} />, { path: '/en/venues/dom-omladine-7' });
    const follow = await screen.findByRole('button', { name: 'Follow Dom omladine' });
    await waitFor(() => expect((follow as HTMLButtonElement).disabled).toBe(false));
    await user.click(follow);
    await waitFor(() => expect(api.problems.map((problem) => problem.code)).toEqual(['follow_limit']));
    expect(screen.getByRole('button', { name: 'Follow Dom omladine' }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('ProfileFollows', () => {
  it('lists what the person follows with links, and stops following in one tap', async () => {
    const api = signedInFakeApi({
      'GET /follows': followed([
        { ...VENUE, followed_at: '2026-11-20T10:00:00.000Z' },
        { kind: 'tag', id: 3, name: 'Free', slug: 'free', followed_at: '2026-11-19T10:00:00.000Z' },
      ]),
    });
    api.on('DELETE /follows/venue/7', () => json({ kind: 'venue', id: 7, following: false }));
    const user = userEvent.setup();
    renderAt(<ProfileFollows locale="en" />, { path: '/en/profile' });

    const link = await screen.findByRole('link', { name: 'Dom omladine' });
    expect(link.getAttribute('href')).toBe('/en/venues/dom-omladine-7');
    expect(screen.getByText('#Free')).toBeTruthy();
    expect(screen.getByText('2 followed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop following Dom omladine' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dom omladine' })).toBeNull());
    expect(api.callsTo('DELETE /follows/venue/7')).toHaveLength(1);
  });
});
