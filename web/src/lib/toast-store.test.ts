import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '@/lib/toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time: a new toast replaces the previous one', () => {
    const store = createToastStore();
    store.toast({ title: 'Premier' });
    store.toast({ title: 'Second', variant: 'destructive' });
    const toasts = store.getSnapshot();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('uses the default variant when none is given', () => {
    const store = createToastStore();
    store.toast({ title: 'Bonjour' });
    expect(store.getSnapshot()[0]?.variant).toBe('default');
  });

  it('closes a toast after 5000 ms, then unmounts it', () => {
    const store = createToastStore({ removeDelay: 300 });
    store.toast({ title: 'Message envoyé ! ✨' });
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()[0]?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]?.open).toBe(false);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps a toast with an infinite duration until it is dismissed', () => {
    const store = createToastStore();
    const id = store.toast({ title: 'Reste', duration: Infinity });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()[0]?.open).toBe(true);
    store.dismiss(id);
    expect(store.getSnapshot()[0]?.open).toBe(false);
  });

  it('does not let the replaced toast timer close its successor early', () => {
    const store = createToastStore();
    store.toast({ title: 'Ancien' });
    vi.advanceTimersByTime(4000);
    store.toast({ title: 'Nouveau' });
    vi.advanceTimersByTime(4000);
    expect(store.getSnapshot()[0]).toMatchObject({ title: 'Nouveau', open: true });
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()[0]?.open).toBe(false);
  });

  it('pauses the countdown while the toast is hovered and resumes with the time left', () => {
    const store = createToastStore();
    const id = store.toast({ title: 'Pause' });
    vi.advanceTimersByTime(3000);
    store.pause(id);
    vi.advanceTimersByTime(10_000);
    expect(store.getSnapshot()[0]?.open).toBe(true);
    store.resume(id);
    vi.advanceTimersByTime(1999);
    expect(store.getSnapshot()[0]?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]?.open).toBe(false);
  });

  it('notifies subscribers of every change until they unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.toast({ title: 'Un' });
    store.dismiss(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.toast({ title: 'Deux' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
