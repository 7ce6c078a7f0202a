import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loader } from './city';

/** The city choice the app bar links to: remembers a known city (or all) in a cookie and goes back. */
const CITIES = [{ id: 2, slug: 'novi-sad', name: { sr: 'Novi Sad', en: 'Novi Sad', uk: 'Нові Сад', ru: 'Нови-Сад' } }];

async function choose(path: string, origin = 'http://kuda.test') {
  const context = { origin, services: { catalog: { cities: async () => CITIES } } } as unknown as AppLoadContext;
  try {
    await loader({ context, request: new Request(`${origin}${path}`), params: {} } as unknown as Parameters<typeof loader>[0]);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location'), cookie: thrown.headers.get('set-cookie') };
    throw thrown;
  }
  throw new Error('no redirect');
}

describe('the city choice', () => {
  it('remembers a known city and goes back to the page, without the city its URL named', async () => {
    expect(await choose('/uk/city?city=novi-sad&back=%2Fuk%2F%3Fcity%3Dbeograd%26when%3Dtoday')).toEqual({
      status: 303,
      location: '/uk/?when=today',
      cookie: 'kuda_city=novi-sad; Max-Age=31536000; Path=/; SameSite=Lax',
    });
  });

  it('forgets the city for all cities, over HTTPS with a Secure cookie', async () => {
    const answer = await choose('/sr/city?city=all&back=%2Fsr%2Fsearch%3Fq%3Djazz', 'https://kuda.test');
    expect(answer).toEqual({ status: 303, location: '/sr/search?q=jazz', cookie: 'kuda_city=; Max-Age=0; Path=/; SameSite=Lax; Secure' });
  });

  it('changes nothing for an unknown city, and never sends the reader to another site', async () => {
    expect(await choose('/en/city?city=atlantis&back=%2F%2Fevil.test')).toEqual({ status: 303, location: '/en', cookie: null });
  });
});
