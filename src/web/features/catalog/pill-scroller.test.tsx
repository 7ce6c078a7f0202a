// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Pill, PillScroller } from './pill-scroller';
import { renderAt } from '../../test-support/render';

function pills(onToggle = vi.fn()): Pill[] {
  return [
    { key: 'all', label: 'All', selected: true, to: '/en/categories/koncerti' },
    { key: 'jazz', label: 'Jazz & blues', selected: false, to: '/en/categories/koncerti/dzez' },
    { key: 'today', label: 'Today', selected: false, onClick: () => onToggle('today') },
    { key: 'free', label: 'Free', selected: true, onClick: () => onToggle('free') },
  ];
}

function pointer(type: string, x: number) {
  const event = new MouseEvent(type, { bubbles: true, clientX: x, button: 0 });
  Object.defineProperty(event, 'pointerType', { value: 'mouse' });
  return event;
}

describe('pill scroller', () => {
  afterEach(cleanup);

  it('is a labelled toolbar of links and toggle buttons', () => {
    renderAt(<PillScroller label="Filters" pills={pills()} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Filters' });
    expect(toolbar).toHaveProperty('ariaOrientation', 'horizontal');
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Free' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('is entered once with Tab and moved through with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    renderAt(<PillScroller label="Filters" pills={pills()} />);
    // One tab stop: the selected pill.
    const tabbable = screen.getAllByRole('link').concat(screen.getAllByRole('button')).filter((el) => el.tabIndex === 0);
    expect(tabbable.map((el) => el.textContent)).toEqual(['All']);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('All');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Jazz & blues');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Free');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('All');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('Free');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('All');
  });

  it('toggles a filter with Enter or a click', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    renderAt(<PillScroller label="Filters" pills={pills(onToggle)} />);
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(onToggle).toHaveBeenCalledWith('today');
    screen.getByRole('button', { name: 'Free' }).focus();
    await user.keyboard('{Enter}');
    expect(onToggle).toHaveBeenLastCalledWith('free');
  });

  it('scrolls with a mouse drag past 10px and swallows the click that ends the drag', () => {
    const onToggle = vi.fn();
    renderAt(<PillScroller label="Filters" pills={pills(onToggle)} />);
    const toolbar = screen.getByRole('toolbar');
    const today = screen.getByRole('button', { name: 'Today' });
    act(() => {
      today.dispatchEvent(pointer('pointerdown', 200));
      window.dispatchEvent(pointer('pointermove', 195));
    });
    expect(toolbar.scrollLeft).toBe(0);
    act(() => {
      window.dispatchEvent(pointer('pointermove', 150));
    });
    expect(toolbar.scrollLeft).toBe(50);
    act(() => {
      window.dispatchEvent(pointer('pointerup', 150));
    });
    fireEvent.click(today);
    expect(onToggle).not.toHaveBeenCalled();
    // The next, plain click works again.
    fireEvent.click(today);
    expect(onToggle).toHaveBeenCalledWith('today');
  });

  it('never starts the browser’s own drag of a link pill, which would cancel the drag-scroll', () => {
    renderAt(<PillScroller label="Filters" pills={pills()} />);
    const jazz = screen.getByRole('link', { name: 'Jazz & blues' });
    expect(jazz.getAttribute('draggable')).toBe('false');
    const dragStart = new Event('dragstart', { bubbles: true, cancelable: true });
    jazz.dispatchEvent(dragStart);
    expect(dragStart.defaultPrevented).toBe(true);
  });
});
