// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventSummary } from '../../../shared/schemas/catalog';
import { eventSummary } from '../../test-support/event-summary';
import { renderAt } from '../../test-support/render';
import { EventRow } from './event-row';

const CATEGORY = { slug: 'koncerti', name: 'Concerts', icon: 'music' };
const VISIBLE_WIDTH = 600;

function events(count: number): EventSummary[] {
  return Array.from({ length: count }, (_, index) =>
    eventSummary({
      id: index + 1,
      slug: `concert-${index + 1}`,
      title: `Concert ${index + 1}`,
      category: { id: 1, slug: CATEGORY.slug, name: CATEGORY.name },
      venue: null,
      price: { min: null, max: null, currency: 'RSD' },
    }),
  );
}

/**
 * jsdom lays nothing out: the row's list is given a visible width and a content width (300px a card), and
 * `scrollBy` moves it at once, as a browser's smooth scroll ends up doing.
 */
function layOut() {
  const contentWidth = (list: HTMLElement) => list.querySelectorAll('li').length * 300;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'UL' ? VISIBLE_WIDTH : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'UL' ? Math.max(VISIBLE_WIDTH, contentWidth(this)) : 0;
  });
  const scrollBy = vi.fn(function (this: HTMLElement, options: ScrollToOptions) {
    const max = this.scrollWidth - this.clientWidth;
    this.scrollLeft = Math.min(max, Math.max(0, this.scrollLeft + (options.left ?? 0)));
    this.dispatchEvent(new Event('scroll'));
  });
  HTMLElement.prototype.scrollBy = scrollBy as unknown as HTMLElement['scrollBy'];
  return scrollBy;
}

const back = () => screen.queryByRole('button', { name: 'Scroll back: Concerts' });
const forward = () => screen.queryByRole('button', { name: 'Scroll forward: Concerts' });

describe('a home row’s scroll arrows', () => {
  let scrollBy: ReturnType<typeof layOut>;
  beforeEach(() => {
    scrollBy = layOut();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
  });

  it('shows only the forward arrow while the row overflows and has not been scrolled', async () => {
    renderAt(<EventRow category={CATEGORY} events={events(6)} />);
    await waitFor(() => expect(forward()).not.toBeNull());
    expect(back()).toBeNull();
  });

  it('shows no arrow when the row fits', async () => {
    renderAt(<EventRow category={CATEGORY} events={events(2)} />);
    // Measured once laid out: the list is there and has been measured as fitting.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(forward()).toBeNull();
    expect(back()).toBeNull();
  });

  it('scrolls by a page each way, and each arrow goes once the row reaches that end', async () => {
    const user = userEvent.setup();
    renderAt(<EventRow category={CATEGORY} events={events(6)} />);
    const list = screen.getByRole('list');
    await user.click(await screen.findByRole('button', { name: 'Scroll forward: Concerts' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: VISIBLE_WIDTH * 0.8, behavior: 'smooth' });
    expect(list.scrollLeft).toBe(480);
    // Both ways open in the middle (the arrows are updated when scrolling settles).
    await waitFor(() => expect(back()).not.toBeNull());
    expect(forward()).not.toBeNull();

    await user.click(forward()!);
    await user.click(forward()!);
    expect(list.scrollLeft).toBe(1200);
    await waitFor(() => expect(forward()).toBeNull());

    await user.click(back()!);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -VISIBLE_WIDTH * 0.8, behavior: 'smooth' });
    expect(list.scrollLeft).toBe(720);
  });

  it('leaves a vertical wheel over the row to the page', () => {
    renderAt(<EventRow category={CATEGORY} events={events(6)} />);
    const wheel = new WheelEvent('wheel', { deltaY: 120, bubbles: true, cancelable: true });
    screen.getByRole('list').dispatchEvent(wheel);
    expect(wheel.defaultPrevented).toBe(false);
    expect(screen.getByRole('list').scrollLeft).toBe(0);
  });
});
