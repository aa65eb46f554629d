// Shown when rendering fails outside any narrower boundary. It must not depend on the router or
// the providers (they may be what broke), hence plain anchors and inline actions. It reports the
// error once, as it says it does (reportCrash logs and drops its own failures).
import { useEffect } from 'react';
import { crashDetails } from '@/components/errors/crash-details';

export function CrashScreen({ error }: { error: unknown }) {
  useEffect(() => {
    // Loaded now rather than with every page: only a crash needs it.
    import('@/components/errors/report-crash')
      .then(({ reportCrash }) => reportCrash(error))
      .catch((failure: unknown) => console.error('The crash could not be reported:', failure));
  }, [error]);
  const details = crashDetails(error);
  return (
    <main role="alert" className="flex min-h-screen items-center justify-center bg-ivory p-6">
      <div className="w-full max-w-xl space-y-6 rounded-3xl border border-plum-100 bg-white p-8 text-center shadow-xl">
        <h1 className="text-4xl font-semibold text-plum-900">Une erreur est survenue</h1>
        <p className="text-mist">Notre équipe a été notifiée et travaille à rétablir la situation. Merci de votre patience.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-full bg-plum-700 px-6 py-3 text-sm font-medium text-ivory hover:bg-plum-800"
          >
            Recharger la page
          </button>
          <a href="/" className="rounded-full border border-plum-200 px-6 py-3 text-sm font-medium text-plum-800 hover:bg-plum-50">
            Retour à l'accueil
          </a>
        </div>
        <details className="rounded-2xl bg-sand p-4 text-left">
          <summary className="cursor-pointer font-medium text-plum-900">Détails de l'erreur</summary>
          <pre className="mt-3 max-h-64 overflow-auto whitespace-pre-wrap break-words text-xs text-mist">{details}</pre>
        </details>
      </div>
    </main>
  );
}
