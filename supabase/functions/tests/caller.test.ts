// The functions check their callers themselves (verify_jwt is off for all of them):
// _shared/caller.ts accepts a signed-in user's token by the JWKS alone, and every function that
// needs a signed-in caller answers 401 JSON to anything else, forged tokens included.
import assert from 'node:assert/strict';
import { requireUser } from '../_shared/caller.ts';
import { HttpError } from '../_shared/errors.ts';
import { callFunction, env, type FunctionAnswer, service, signUpCustomer } from './helpers.ts';
import { forgedHeaderTokens } from '../../../scripts/lib/forged-tokens.ts';
import { es256Token, projectSigningKey, refusedTokens, userClaims } from './tokens.ts';

// What the hosted runtime hands every function, for the helper called in this test's own process:
// the publishable keys and the JWKS, read from where GoTrue serves it.
const jwks = await fetch(`${env.supabaseUrl}/auth/v1/.well-known/jwks.json`);
Deno.env.set('SUPABASE_JWKS', await jwks.text());
Deno.env.set('SUPABASE_PUBLISHABLE_KEYS', JSON.stringify({ default: env.anonKey }));

const bearing = (token: string | undefined) => new Request('http://function.test/', { method: 'POST', headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } });

async function refusal(request: Request): Promise<HttpError> {
  const error = await requireUser(request).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof HttpError, `expected a refusal, got ${error}`);
  return error;
}

Deno.test('the JWKS is served without an API key and lists the public half of the signing key only', async () => {
  const served = await fetch(`${env.supabaseUrl}/auth/v1/.well-known/jwks.json`);
  assert.equal(served.status, 200);
  const { keys } = await served.json();
  const { kid, x, y } = projectSigningKey();
  assert.deepEqual(keys.map((k: JsonWebKey & { kid: string }) => [k.kid, k.kty, k.crv, k.alg, k.x, k.y, 'd' in k]), [[kid, 'EC', 'P-256', 'ES256', x, y, false]]);
});

Deno.test("requireUser accepts a signed-in customer's token, verified by the JWKS without asking /user", async () => {
  const customer = await signUpCustomer('caller');
  assert.deepEqual(await requireUser(bearing(customer.token)).then(({ id, email }) => ({ id, email })), { id: customer.user.id, email: customer.email });
  // A token of a user GoTrue no longer has: /user would refuse it; the local check does not ask.
  const { error } = await service.auth.admin.deleteUser(customer.user.id);
  assert.equal(error, null);
  assert.equal((await requireUser(bearing(customer.token))).id, customer.user.id);
});

Deno.test('requireUser refuses with 401 not_signed_in: no header, an empty or non-Bearer one, and every forged or non-user token', async () => {
  const cases: Array<[string, Request]> = [
    ['no Authorization', bearing(undefined)],
    ['an empty bearer', new Request('http://function.test/', { headers: { Authorization: 'Bearer ' } })],
    ['Basic credentials', new Request('http://function.test/', { headers: { Authorization: 'Basic dXNlcjpwYXNz' } })],
    ...(await refusedTokens(env.anonKey, crypto.randomUUID())).map(([name, token]): [string, Request] => [name, bearing(token)]),
  ];
  for (const [name, request] of cases) {
    const error = await refusal(request);
    assert.deepEqual([error.status, error.code], [401, 'not_signed_in'], name);
  }
});

Deno.test('requireUser refuses every forged header and structure with 401 not_signed_in, the real kid included', async () => {
  for (const [name, token] of forgedHeaderTokens(projectSigningKey().kid, userClaims(crypto.randomUUID()))) {
    const error = await refusal(bearing(token));
    assert.deepEqual([error.status, error.code], [401, 'not_signed_in'], name);
  }
});

Deno.test('a token signed by the project key is accepted only with the user claims it carries', async () => {
  const sub = crypto.randomUUID();
  const caller = await requireUser(bearing(await es256Token(userClaims(sub), projectSigningKey())));
  assert.equal(caller.id, sub);
  assert.equal(caller.claims.role, 'authenticated');
});

// Every function that needs a signed-in caller, with a body that passes its parsing.
const userFunctions: Array<[string, unknown]> = [
  ['create-checkout', {}],
  ['record-order', { checkout_id: 'anything' }],
  ['issue-download', { order_item_id: crypto.randomUUID(), disposition: 'attachment' }],
  ['invoice-pdf', { order_id: crypto.randomUUID() }],
  ['attach-deliverable', { variant_id: crypto.randomUUID(), object_path: 'products/x.pdf' }],
  ['refund-order', { order_id: crypto.randomUUID(), reason: 'Doublon', request_id: crypto.randomUUID() }],
  ['reconcile-checkouts', { scope: 'mine' }],
  // A wrong password: past the check, the customer's account is refused, never erased.
  ['delete-account', { password: 'pas-le-bon-mot-de-passe' }],
];

Deno.test('without verify_jwt, every function that needs a signed-in caller answers 401 JSON to anon and forged tokens', async () => {
  const tokens = await refusedTokens(env.anonKey, crypto.randomUUID());
  for (const [name, body] of userFunctions) {
    for (const [tokenName, token] of tokens) {
      const answer = await callFunction(name, body, token);
      assert.equal(answer.status, 401, `${name} with ${tokenName}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body?.error?.code, 'not_signed_in', `${name} with ${tokenName}`);
    }
  }
});

Deno.test('a signed-in customer gets past the check of each of them (whatever the function then answers)', async () => {
  const customer = await signUpCustomer('past-the-check');
  for (const [name, body] of userFunctions) {
    const answer = await callFunction(name, body, customer.token);
    assert.notEqual(answer.status, 401, `${name}: ${JSON.stringify(answer.body)}`);
  }
});

/** Each forged token's answer from `name`, a few calls at a time. */
async function answersToForgedTokens(name: string, body: unknown): Promise<Array<[string, FunctionAnswer]>> {
  const tokens = forgedHeaderTokens(projectSigningKey().kid, userClaims(crypto.randomUUID()));
  const answers: Array<[string, FunctionAnswer]> = [];
  for (let start = 0; start < tokens.length; start += 8) {
    const batch = tokens.slice(start, start + 8);
    answers.push(...(await Promise.all(batch.map(async ([tokenName, token]): Promise<[string, FunctionAnswer]> => [tokenName, await callFunction(name, body, token)]))));
  }
  return answers;
}

Deno.test('every function that needs a signed-in caller answers 401 not_signed_in to every forged header, never a 5xx', async () => {
  for (const [name, body] of userFunctions) {
    for (const [tokenName, answer] of await answersToForgedTokens(name, body)) {
      assert.deepEqual([answer.status, answer.body?.error?.code], [401, 'not_signed_in'], `${name} with ${tokenName}: ${JSON.stringify(answer.body)}`);
    }
  }
});

Deno.test('set-admin-role, which takes any project caller, answers 401 no_project_credentials to every forged header', async () => {
  for (const [tokenName, answer] of await answersToForgedTokens('set-admin-role', { adminEmail: env.adminEmails[0] })) {
    assert.deepEqual([answer.status, answer.body?.error?.code], [401, 'no_project_credentials'], `${tokenName}: ${JSON.stringify(answer.body)}`);
  }
});
