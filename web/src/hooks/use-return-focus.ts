import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * For Radix dialogs opened from outside (no Dialog.Trigger): remembers what had focus when the
 * dialog opened and gives it back on close. Pass the result as `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const previous = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    // Runs before the dialog's own focus trap moves focus inside it.
    if (open && document.activeElement instanceof HTMLElement) previous.current = document.activeElement;
  }, [open]);
  return useCallback((event: Event) => {
    if (!previous.current?.isConnected) return;
    event.preventDefault();
    previous.current.focus();
  }, []);
}
