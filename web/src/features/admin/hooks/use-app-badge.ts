// The installed app's badge (Badging API, where the browser has it: Chromium-based, Safari 17 on
// an installed web app) shows what waits for the administrator; cleared at zero and when the
// admin area closes. Elsewhere, nothing happens.
import { useEffect } from 'react';

interface BadgingNavigator {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

const badging = () => navigator as Navigator & BadgingNavigator;

/** A browser may refuse (no installed app, no permission): the badge is a nicety, never an error. */
const ignoreRefusal = (promise: Promise<void> | undefined) => void promise?.catch(() => undefined);

export function useAppBadge(count: number | undefined) {
  useEffect(() => {
    if (count === undefined) return;
    const nav = badging();
    ignoreRefusal(count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.());
  }, [count]);
  useEffect(() => () => ignoreRefusal(badging().clearAppBadge?.()), []);
}
