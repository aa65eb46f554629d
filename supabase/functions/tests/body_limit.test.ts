// Every function refuses a body over _shared/body-limit.ts's 64 KB with 413 and the functions'
// JSON error, before anything else looks at it (no session needed to be refused), whether the body
// declares its length or comes chunked without one; a body at the limit is still read and parsed.
import assert from 'node:assert/strict';
import { maxBodyBytes } from '../_shared/body-limit.ts';
import { env, signUpCustomer } from './helpers.ts';

const functionsDir = new URL('..', import.meta.url);

/** Every deployed function: each folder of supabase/functions with an index.ts. */
function functionNames(): string[] {
  return [...Deno.readDirSync(functionsDir)]
    .filter((entry) => entry.isDirectory && !entry.name.startsWith('_') && entry.name !== 'tests')
    .filter((entry) => [...Deno.readDirSync(new URL(`${entry.name}/`, functionsDir))].some((file) => file.name === 'index.ts'))
    .map((entry) => entry.name)
    .sort();
}

const threeMegabytes = () => new TextEncoder().encode(`{"padding":"${'x'.repeat(3 * 1024 * 1024)}"}`);

/** A body sent as one chunk after another with no Content-Length (HTTP/1.1 chunked). */
function chunked(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 16 * 1024));
      offset += 16 * 1024;
    },
  });
}

async function post(name: string, body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>>, token = env.anonKey) {
  const response = await fetch(`${env.supabaseUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: env.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body,
  });
  return { status: response.status, type: response.headers.get('Content-Type'), body: await response.json() };
}

function assertTooLarge(answer: Awaited<ReturnType<typeof post>>, what: string): void {
  assert.equal(answer.status, 413, `${what}: ${JSON.stringify(answer.body)}`);
  assert.equal(answer.type, 'application/json', what);
  assert.equal(answer.body.error.code, 'body_too_large', what);
  assert.match(answer.body.error.message, /65536 bytes/, what);
}

Deno.test('the functions under test are all thirteen', () => {
  assert.deepEqual(functionNames(), [
    'attach-deliverable', 'contact-captcha', 'create-checkout', 'delete-account', 'invoice-pdf',
    'issue-download', 'reconcile-checkouts', 'record-order', 'refund-order', 'send-confirmations', 'send-notifications', 'set-admin-role',
    'stripe-webhook',
  ]);
});

for (const name of functionNames()) {
  Deno.test(`${name}: a 3 MB body is refused with 413, with and without Content-Length`, async () => {
    assertTooLarge(await post(name, threeMegabytes()), `${name} with Content-Length`);
    assertTooLarge(await post(name, chunked(threeMegabytes())), `${name} chunked`);
  });
}

Deno.test('a signed-in caller is refused too, before the function reads anything', async () => {
  const buyer = await signUpCustomer('body-limit');
  for (const name of ['create-checkout', 'record-order', 'reconcile-checkouts']) {
    assertTooLarge(await post(name, threeMegabytes(), buyer.token), `${name} with Content-Length`);
    assertTooLarge(await post(name, chunked(threeMegabytes()), buyer.token), `${name} chunked`);
  }
});

/** `{"checkout_id":"…"}` padded with JSON whitespace to exactly `size` bytes. */
function recordOrderBody(size: number): Uint8Array<ArrayBuffer> {
  const json = JSON.stringify({ checkout_id: 'body_limit_unknown' });
  return new TextEncoder().encode(json.slice(0, -1) + ' '.repeat(size - json.length) + '}');
}

Deno.test('a body of exactly the limit is parsed and answered by the function; one byte more is not', async () => {
  const buyer = await signUpCustomer('body-limit');
  for (const body of [recordOrderBody(maxBodyBytes), chunked(recordOrderBody(maxBodyBytes))]) {
    const answer = await post('record-order', body, buyer.token);
    assert.equal(answer.status, 404, JSON.stringify(answer.body));
    assert.equal(answer.body.error.code, 'checkout_not_found');
  }
  assertTooLarge(await post('record-order', recordOrderBody(maxBodyBytes + 1), buyer.token), 'one byte over, with Content-Length');
  assertTooLarge(await post('record-order', chunked(recordOrderBody(maxBodyBytes + 1)), buyer.token), 'one byte over, chunked');
});
