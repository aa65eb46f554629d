import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { CrashScreen } from '@/components/errors/crash-screen';
import { NotFound } from '@/components/errors/not-found';

/** The router's generic fallback: unknown addresses get the 404 page, failures the crash screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="px-4">
        <NotFound />
      </main>
    );
  }
  return <CrashScreen error={error} />;
}
