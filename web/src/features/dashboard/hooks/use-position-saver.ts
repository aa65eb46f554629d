// The viewer's and players' saving of where the buyer is: at most one save per `intervalMs` as
// they go (a trailing one keeps the last place), and one more at once when asked (pause, end),
// when the page hides (`pagehide`, `visibilitychange`) and when the viewer closes. A save that
// fails is only logged: reading goes on, and the next save carries the place again.
import { useCallback, useEffect, useRef } from 'react';
import { saveReadingPosition, type PositionSave } from '@/features/dashboard/api/save-reading-position';
import type { PositionUnit } from '@/features/dashboard/lib/reading-position';
import { supabase } from '@/lib/supabase';

export interface PositionSaver {
  /** Where the buyer is now; saved now when `now`, else within the interval. */
  report(position: number, length: number, now?: boolean): void;
}

export function usePositionSaver(orderItemId: string, unit: PositionUnit, intervalMs: number): PositionSaver {
  const token = useRef<string | null>(null);
  const pending = useRef<PositionSave | null>(null);
  const lastSent = useRef<{ at: number; key: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const send = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const save = pending.current;
    // Kept until the session's token is known (it comes a moment after the viewer opens).
    if (!save || !token.current) return;
    pending.current = null;
    const key = `${save.unit}:${save.position}:${save.length}`;
    if (lastSent.current?.key === key) return;
    lastSent.current = { at: Date.now(), key };
    saveReadingPosition(save, token.current).then(
      (response) => {
        if (!response.ok) console.error(`Saving the reading position failed: ${response.status}`);
      },
      (error: unknown) => console.error('Saving the reading position failed:', error),
    );
  }, []);

  useEffect(() => {
    // INITIAL_SESSION comes at once, then each refresh: the token is at hand when the page closes.
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      token.current = session?.access_token ?? null;
      if (token.current && pending.current && !timer.current) send();
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') send();
    };
    window.addEventListener('pagehide', send);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', send);
      document.removeEventListener('visibilitychange', onHidden);
      send();
      data.subscription.unsubscribe();
    };
  }, [send]);

  const report = useCallback(
    (position: number, length: number, now = false) => {
      pending.current = { orderItemId, unit, position, length };
      const since = lastSent.current ? Date.now() - lastSent.current.at : Infinity;
      if (now || since >= intervalMs) send();
      else timer.current ??= setTimeout(send, intervalMs - since);
    },
    [orderItemId, unit, intervalMs, send],
  );

  return { report };
}
