import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepToastsAbove } from './toast-clearance';

// The browser's parts the clearance uses: the root's style and a ResizeObserver that reports at once.
const root = new Map<string, string>();
const observed = new Set<() => void>();

beforeEach(() => {
  vi.stubGlobal('document', {
    documentElement: { style: { setProperty: (key: string, value: string) => root.set(key, value) } },
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: () => void) {}
      observe() {
        observed.add(this.report);
        this.report();
      }
      disconnect() {
        observed.delete(this.report);
      }
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  root.clear();
  observed.clear();
});

const bar = (height: number) => ({ offsetHeight: height }) as HTMLElement;

describe('keepToastsAbove', () => {
  it('lifts the toasts by the height of everything fixed at the bottom, and lowers them as each goes', () => {
    const footer = bar(40);
    const actions = bar(72);
    const leaveFooter = keepToastsAbove(footer);
    const leaveActions = keepToastsAbove(actions);
    expect(root.get('--toast-clearance')).toBe('112px');

    leaveActions?.();
    expect(root.get('--toast-clearance')).toBe('40px');
    leaveFooter?.();
    expect(root.get('--toast-clearance')).toBe('0px');
    expect(observed.size).toBe(0);
  });

  it('follows a bar that grows (an alert opening in it)', () => {
    const actions = { offsetHeight: 60 } as { offsetHeight: number };
    const leave = keepToastsAbove(actions as HTMLElement);
    actions.offsetHeight = 180;
    for (const report of observed) report();
    expect(root.get('--toast-clearance')).toBe('180px');
    leave?.();
  });

  it('does nothing for an element that is gone', () => {
    expect(keepToastsAbove(null)).toBeUndefined();
    expect(root.size).toBe(0);
  });
});
