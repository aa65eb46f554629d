// GET /.well-known/jwks.json: the public half of the project's signing key, which the services,
// supabase-js's getClaims() and the functions verify access tokens with. Public, like GoTrue's:
// no API key needed. The legacy HS256 secret is never listed.
import { sendJson } from '../http.ts';
import { jwksOf } from '../signing-keys.ts';
import type { RouteHandler } from './route.ts';

export const jwks: RouteHandler = async ({ res, deps }) => {
  res.setHeader('Cache-Control', 'public, max-age=600');
  sendJson(res, 200, jwksOf([deps.context.signingKey]));
};
