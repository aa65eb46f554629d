import { Spinner } from '@/components/ui/spinner';

/** What a guarded area shows while the session (and the admin flag) is still being read. */
export function FullScreenSpinner() {
  return (
    <div className="flex min-h-svh items-center justify-center bg-ivory">
      <Spinner label="Chargement…" />
    </div>
  );
}
