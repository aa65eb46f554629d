// The toast queue of spec §4: one toast at a time (a new one replaces the old), dismissed after
// 5000 ms unless its duration is infinite. The store owns the timer (not Radix) so the rule is
// testable without a DOM; Radix reports hover/focus through pause/resume.

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before auto-dismiss; `Infinity` keeps it until dismissed. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  remaining: number;
  startedAt: number;
}

export interface ToastStoreOptions {
  limit?: number;
  duration?: number;
  /** Time a closed toast stays mounted so its exit animation can play. */
  removeDelay?: number;
}

export function createToastStore({ limit = 1, duration = 5000, removeDelay = 300 }: ToastStoreOptions = {}) {
  let toasts: ToastItem[] = [];
  let nextId = 0;
  const timers = new Map<string, Timer>();
  const removals = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((listener) => listener());

  const clearTimer = (id: string) => {
    const timer = timers.get(id);
    if (timer?.handle) clearTimeout(timer.handle);
    timers.delete(id);
  };

  const forget = (id: string) => {
    clearTimer(id);
    const removal = removals.get(id);
    if (removal) clearTimeout(removal);
    removals.delete(id);
  };

  const startTimer = (id: string, ms: number) => {
    if (!Number.isFinite(ms)) return;
    timers.set(id, { handle: setTimeout(() => dismiss(id), ms), remaining: ms, startedAt: Date.now() });
  };

  function dismiss(id?: string) {
    const targets = toasts.filter((item) => item.open && (id === undefined || item.id === id));
    if (targets.length === 0) return;
    for (const item of targets) {
      clearTimer(item.id);
      removals.set(
        item.id,
        setTimeout(() => {
          removals.delete(item.id);
          toasts = toasts.filter((t) => t.id !== item.id);
          emit();
        }, removeDelay),
      );
    }
    const closing = new Set(targets.map((item) => item.id));
    toasts = toasts.map((item) => (closing.has(item.id) ? { ...item, open: false } : item));
    emit();
  }

  function toast(input: ToastInput): string {
    const id = String(++nextId);
    const item: ToastItem = { variant: 'default', ...input, id, open: true };
    const kept = [item, ...toasts].slice(0, limit);
    for (const old of toasts) if (!kept.includes(old)) forget(old.id);
    toasts = kept;
    startTimer(id, input.duration ?? duration);
    emit();
    return id;
  }

  function pause(id: string) {
    const timer = timers.get(id);
    if (!timer?.handle) return;
    clearTimeout(timer.handle);
    timers.set(id, { handle: null, remaining: Math.max(0, timer.remaining - (Date.now() - timer.startedAt)), startedAt: 0 });
  }

  function resume(id: string) {
    const timer = timers.get(id);
    if (!timer || timer.handle) return;
    startTimer(id, timer.remaining);
  }

  return {
    toast,
    dismiss,
    pause,
    resume,
    getSnapshot: (): ToastItem[] => toasts,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

export const toastStore = createToastStore();

export const toast = (input: ToastInput): string => toastStore.toast(input);
