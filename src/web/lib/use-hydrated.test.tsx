// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrationProvider, useHydrated } from './use-hydrated';

function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'hydrated' : 'server'}</p>;
}

afterEach(cleanup);

describe('useHydrated', () => {
  it('is false in the server HTML and while it is hydrated, then true, with nothing for React to recover from', async () => {
    const app = (seen: boolean[]) => (
      <HydrationProvider>
        <Probe seen={seen} />
      </HydrationProvider>
    );
    const html = renderToString(app([]));
    expect(html).toContain('server');
    const container = document.createElement('div');
    container.innerHTML = html;
    const recovered: unknown[] = [];
    const seen: boolean[] = [];
    await act(async () => {
      hydrateRoot(container, app(seen), { onRecoverableError: (error) => recovered.push(error) });
    });
    expect(container.textContent).toBe('hydrated');
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(recovered).toEqual([]);
  });

  it('is true at once outside the app root (a component test, a part drawn only in the browser)', () => {
    const seen: boolean[] = [];
    const { container } = render(<Probe seen={seen} />);
    expect(container.textContent).toBe('hydrated');
    expect(seen).toEqual([true]);
  });
});
