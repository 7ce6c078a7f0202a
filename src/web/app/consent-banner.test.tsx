// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test-support/render';
import { ConsentBanner } from './consent-banner';

afterEach(() => {
  cleanup();
  document.cookie = 'kuda_consent=; Max-Age=0; Path=/';
});

describe('ConsentBanner', () => {
  it('is a form the server understands before hydration: POST /consent with the choice and the page to come back to', () => {
    renderAt(<ConsentBanner consent={null} onChoice={() => undefined} />, { path: '/uk/search?q=jazz' });
    const banner = screen.getByRole('region', { name: 'Згода на файли cookie' });
    const form = banner.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/consent');
    expect(form?.querySelector<HTMLInputElement>('input[name="back"]')?.value).toBe('/uk/search?q=jazz');
    const accept = screen.getByRole('button', { name: 'Прийняти' });
    expect([accept.getAttribute('type'), accept.getAttribute('name'), accept.getAttribute('value')]).toEqual(['submit', 'choice', 'accepted']);
    expect(screen.getByRole('button', { name: 'Відхилити' }).getAttribute('value')).toBe('declined');
  });

  it('once hydrated, remembers the choice in the page without sending the form', async () => {
    const user = userEvent.setup();
    const onChoice = vi.fn();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener('submit', submitted);
    renderAt(<ConsentBanner consent={null} onChoice={onChoice} />, { path: '/en/' });
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    document.removeEventListener('submit', submitted);
    expect(onChoice).toHaveBeenCalledWith('accepted');
    expect(document.cookie).toContain('kuda_consent=accepted');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('is not shown on reservation pages, nor once a choice was made', () => {
    renderAt(<ConsentBanner consent={null} onChoice={() => undefined} />, { path: '/en/reservation/5' });
    expect(screen.queryByRole('region')).toBeNull();
    cleanup();
    renderAt(<ConsentBanner consent="declined" onChoice={() => undefined} />, { path: '/en/' });
    expect(screen.queryByRole('region')).toBeNull();
  });
});
