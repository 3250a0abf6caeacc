import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenLoadedAndIdle } from './idle.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setReadyState(state: DocumentReadyState) {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);
}

describe('whenLoadedAndIdle', () => {
  it('waits for the load event, then for the browser to be idle', () => {
    setReadyState('interactive');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const task = vi.fn();
    whenLoadedAndIdle(task);
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('falls back to a short timer where requestIdleCallback does not exist, and runs at once after load', () => {
    setReadyState('complete');
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    whenLoadedAndIdle(task, { fallbackDelay: 200 });
    vi.advanceTimersByTime(199);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
