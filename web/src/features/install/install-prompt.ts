// Holds the browser's install offer (`beforeinstallprompt`) until the visitor accepts it or the
// app reports itself installed. Listening starts when this module loads, before React renders,
// because the browser fires the event only once.
import { useSyncExternalStore } from 'react';
import { toast } from '@/lib/toast-store';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

const setDeferred = (next: BeforeInstallPromptEvent | null) => {
  deferred = next;
  listeners.forEach((listener) => listener());
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setDeferred(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setDeferred(null));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const unavailable = () =>
  toast({ title: 'Installation non disponible', description: "L'application est peut-être déjà installée, ou votre navigateur ne permet pas l'installation." });

export async function promptInstall(): Promise<void> {
  const offer = deferred;
  if (!offer) {
    unavailable();
    return;
  }
  let outcome: 'accepted' | 'dismissed';
  try {
    await offer.prompt();
    ({ outcome } = await offer.userChoice);
  } catch {
    // A browser shows its prompt once per offer; a used offer cannot be shown again.
    setDeferred(null);
    unavailable();
    return;
  }
  if (outcome === 'accepted') {
    setDeferred(null);
    toast({ title: 'Installation réussie !', description: "Lumière Sacrée a été ajoutée à votre appareil." });
  }
}

export function useInstallPrompt() {
  const canInstall = useSyncExternalStore(subscribe, () => deferred !== null, () => false);
  return { canInstall, promptInstall };
}
