// The shared stack's keys as `npm test` hands them to the suites (launch.ts's environment), for a
// second service on the same database that must take the same API keys and sign access tokens
// the stack's own services accept.
import type { ProjectKeys } from '../../scripts/stack/project-keys.ts';
import type { SigningKey } from '../../scripts/stack/signing-keys.ts';

export function projectKeysFrom(env: NodeJS.ProcessEnv): ProjectKeys {
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is not set: run this through \`npm test\`.`);
    return value;
  };
  const [signingKey] = JSON.parse(required('SUPABASE_SIGNING_KEYS')) as SigningKey[];
  if (!signingKey) throw new Error('SUPABASE_SIGNING_KEYS holds no key.');
  return {
    signingKey,
    publishableKey: required('SUPABASE_PUBLISHABLE_KEY'),
    secretKey: required('SUPABASE_SECRET_KEY'),
    jwtSecret: required('SUPABASE_JWT_SECRET'),
    anonKey: required('SUPABASE_ANON_KEY'),
    serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
  };
}
