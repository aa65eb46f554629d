// Radix Toast is only downloaded when the first toast is queued; from then on it stays mounted.
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toastStore } from '@/lib/toast-store';

const Toaster = lazy(() => import('@/components/ui/toaster'));

export function ToasterHost() {
  const hasToasts = useSyncExternalStore(toastStore.subscribe, () => toastStore.getSnapshot().length > 0, () => false);
  const [needed, setNeeded] = useState(false);
  if (hasToasts && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
