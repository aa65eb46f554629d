// The local PostgREST (`/rest/v1`): the gateway hands it every request under the prefix. It
// connects as `authenticator` and runs each request as the JWT's role, so RLS is Postgres's own.
import type { ServiceFactory } from '../context.ts';
import { handleRest } from './handler.ts';
import { createSchemaCache } from './schema-cache.ts';

export const createRestService: ServiceFactory = async (context) => {
  const pool = context.pool('authenticator');
  const schema = createSchemaCache({ pool, listenUrl: context.dbUrlFor('authenticator') });
  // Loaded now so the first request is fast; a failure here is retried by the first request.
  await schema.get().catch((error: Error) => console.error(`[rest] schema cache: ${error.message}`));
  return {
    handle: (req, res, path, url) => handleRest({ context, pool, schema }, req, res, path, url),
    close: () => schema.close(),
  };
};
