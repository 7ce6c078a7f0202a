import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loader } from './event';

/**
 * The page's absolute URLs start with the one origin the server computes per request (web-plugin.ts:
 * `publicOrigin(config, request origin)`: PUBLIC_URL when set, else the request's origin); the loader
 * takes it from the load context as it is, never from the request.
 */
async function canonicalOf(contextOrigin: string) {
  const request = new Request('http://127.0.0.1:3000/en/events/jazz-night-12');
  const context = {
    cspNonce: 'nonce',
    origin: contextOrigin,
    services: {
      catalog: {
        eventById: async (_id: number, _locale: string, options: { origin?: string }) => ({
          path: '/en/events/jazz-night-12',
          canonical_url: `${options.origin ?? ''}/en/events/jazz-night-12`,
        }),
      },
    },
  } as unknown as AppLoadContext;
  const data = await loader({ context, request, params: { slugId: 'jazz-night-12' } } as unknown as Parameters<typeof loader>[0]);
  return { canonical: (data.event as { canonical_url: string }).canonical_url, origin: data.origin };
}

describe('the event page loader', () => {
  it('builds the canonical URL on PUBLIC_URL when the deployment sets it', async () => {
    expect(await canonicalOf('https://kuda.example')).toEqual({ canonical: 'https://kuda.example/en/events/jazz-night-12', origin: 'https://kuda.example' });
  });

  it('builds the canonical URL on the origin the request came to otherwise', async () => {
    expect(await canonicalOf('http://127.0.0.1:3000')).toEqual({ canonical: 'http://127.0.0.1:3000/en/events/jazz-night-12', origin: 'http://127.0.0.1:3000' });
  });
});

describe('the event page loader for an event that is not shown', () => {
  async function statusOf(removed: boolean) {
    const request = new Request('http://127.0.0.1:3000/en/events/jazz-night-12');
    const context = {
      cspNonce: 'nonce',
      origin: 'http://127.0.0.1:3000',
      services: { catalog: { eventById: async () => null, eventRemoved: async (id: number) => removed && id === 12 } },
    } as unknown as AppLoadContext;
    try {
      await loader({ context, request, params: { slugId: 'jazz-night-12' } } as unknown as Parameters<typeof loader>[0]);
    } catch (thrown) {
      return (thrown as { init?: { status?: number } }).init?.status;
    }
    return 200;
  }

  it('answers 410 for an event removed by moderation, so its page says it is no longer available', async () => {
    expect(await statusOf(true)).toBe(410);
  });

  it('answers 404 for an event that never was or is only unpublished', async () => {
    expect(await statusOf(false)).toBe(404);
  });
});
