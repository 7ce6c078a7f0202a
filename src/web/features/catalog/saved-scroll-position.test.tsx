// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_EVENT_LIST, useEventListStore } from '../../stores/event-list-store';
import { useSavedScrollPosition } from './saved-scroll-position';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('the listing’s saved scroll position', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useEventListStore.setState({ ...INITIAL_EVENT_LIST });
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is written to sessionStorage once scrolling has been quiet for 300 ms, not on every scroll', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    renderHook(() => useSavedScrollPosition(true));
    for (let y = 10; y <= 400; y += 10) scrollTo(y);
    vi.advanceTimersByTime(299);
    expect(setItem).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(useEventListStore.getState().scrollPosition).toBe(400);
    expect(JSON.parse(sessionStorage.getItem('event-list')!).state.scrollPosition).toBe(400);
    setItem.mockRestore();
  });

  it('is saved at once when the page is hidden or the listing goes away', () => {
    const { unmount } = renderHook(() => useSavedScrollPosition(true));
    scrollTo(120);
    window.dispatchEvent(new Event('pagehide'));
    expect(useEventListStore.getState().scrollPosition).toBe(120);
    scrollTo(250);
    unmount();
    expect(useEventListStore.getState().scrollPosition).toBe(250);
  });

  it('waits until the listing on screen is the stored one', () => {
    renderHook(() => useSavedScrollPosition(false));
    scrollTo(300);
    vi.advanceTimersByTime(1000);
    expect(useEventListStore.getState().scrollPosition).toBe(0);
  });

  it('survives a full sessionStorage: the page keeps working, in memory', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    renderHook(() => useSavedScrollPosition(true));
    scrollTo(500);
    expect(() => vi.advanceTimersByTime(300)).not.toThrow();
    expect(setItem).toHaveBeenCalled();
    expect(useEventListStore.getState().scrollPosition).toBe(500);
    expect(() => useEventListStore.getState().appendPage([], null)).not.toThrow();
    setItem.mockRestore();
  });
});
