// The local PostgREST (`/rest/v1`): the gateway hands it every request under the prefix. It
// connects as `authenticator` and runs each request as the JWT's role, so RLS is Postgres's own.
import type { ServiceFactory } from '../context.ts';
import { handleRest } from './handler.ts';
import { createSchemaCache } from './schema-cache.ts';
import { readRestSettings, type RestSettings } from './settings.ts';

/** The service with supabase/config.toml's `[api]` settings, `overrides` (a stack's options) on top. */
export function restService(overrides: Partial<RestSettings> = {}): ServiceFactory {
  return async (context) => {
    const settings = readRestSettings(overrides);
    const pool = context.pool('authenticator');
    const schema = createSchemaCache({ pool, listenUrl: context.dbUrlFor('authenticator'), schemas: settings.schemas });
    // Loaded now so the first request is fast; a failure here is retried by the first request.
    await schema.get().catch((error: Error) => console.error(`[rest] schema cache: ${error.message}`));
    return {
      handle: (req, res, path, url) => handleRest({ context, pool, schema, settings }, req, res, path, url),
      close: () => schema.close(),
    };
  };
}

export const createRestService: ServiceFactory = restService();
