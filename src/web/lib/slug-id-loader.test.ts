import { describe, expect, it, vi } from 'vitest';
import { loadBySlugId } from './slug-id-loader';

const JAZZ = { path: '/en/events/jazz-night-12', title: 'Jazz night' };

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected the loader to throw'),
    (error: unknown) => error,
  );
}

describe('the slug-id loader', () => {
  it('finds the record by the id at the end of the segment, in the path’s language', async () => {
    const find = vi.fn().mockResolvedValue(JAZZ);
    const result = await loadBySlugId(new Request('http://kuda.test/en/events/jazz-night-12'), 'jazz-night-12', find);
    expect(find).toHaveBeenCalledWith(12, 'en');
    expect(result).toEqual({ locale: 'en', found: JAZZ });
  });

  it.each([['jazz-night'], ['jazz-0'], [undefined]])('answers 404 without looking when the segment %s carries no id', async (slugId) => {
    const find = vi.fn();
    const error = await thrown(loadBySlugId(new Request('http://kuda.test/en/events/x'), slugId, find));
    expect(error).toMatchObject({ init: { status: 404 } });
    expect(find).not.toHaveBeenCalled();
  });

  it('answers 404 when no record has the id', async () => {
    const error = await thrown(loadBySlugId(new Request('http://kuda.test/en/venues/gone-9'), 'gone-9', vi.fn().mockResolvedValue(null)));
    expect(error).toMatchObject({ init: { status: 404 } });
  });

  it('moves an old slug permanently to the current path, keeping the query', async () => {
    const error = await thrown(loadBySlugId(new Request('http://kuda.test/en/events/old-name-12?utm=mail'), 'old-name-12', vi.fn().mockResolvedValue(JAZZ)));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(301);
    expect((error as Response).headers.get('location')).toBe('/en/events/jazz-night-12?utm=mail');
  });
});
