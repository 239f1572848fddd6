import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNDO_WINDOW_MS, useUndoable } from './use-undoable';

describe('useUndoable', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends only after the Undo window, and once', () => {
    const send = vi.fn();
    const { result } = renderHook(() => useUndoable<number>());
    act(() => result.current.schedule(1, send));
    act(() => result.current.schedule(1, send));
    expect(result.current.queued.has(1)).toBe(true);
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS - 1));
    expect(send).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.current.queued.has(1)).toBe(false);
  });

  it('Undo sends nothing, ever', () => {
    const send = vi.fn();
    const { result } = renderHook(() => useUndoable<number>());
    act(() => result.current.schedule(1, send));
    let undone = false;
    act(() => {
      undone = result.current.undo(1);
    });
    expect(undone).toBe(true);
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS * 3));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.undo(1)).toBe(false);
  });

  it('leaving the screen sends what still waits, at once', () => {
    const send = vi.fn();
    const { result, unmount } = renderHook(() => useUndoable<number>());
    act(() => result.current.schedule(7, send));
    unmount();
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UNDO_WINDOW_MS * 2);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('asks the browser before the tab closes while something waits', () => {
    const { result } = renderHook(() => useUndoable<number>());
    const before = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(before()).toBe(false);
    act(() => result.current.schedule(1, () => {}));
    expect(before()).toBe(true);
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS));
    expect(before()).toBe(false);
  });
});
