// set-admin-role against the local stack: only the addresses of the ADMIN_EMAILS secret that
// belong to an existing account are promoted, once, and the answer says what happened.
import assert from 'node:assert/strict';
import { callFunction, env, service, signUpCustomer } from './helpers.ts';
import { unsignedToken } from './tokens.ts';

async function roleOf(userId: string): Promise<string> {
  const { data, error } = await service.from('profiles').select('role').eq('id', userId).single();
  if (error) throw new Error(error.message);
  return data.role;
}

async function setRole(userId: string, role: string): Promise<void> {
  const { error } = await service.from('profiles').update({ role }).eq('id', userId);
  if (error) throw new Error(error.message);
}

/** The account of the first configured address (the seed creates the demo administrator). */
async function configuredAccount(): Promise<{ id: string; email: string }> {
  const { data, error } = await service.auth.admin.listUsers({ perPage: 1000 });
  if (error) throw new Error(error.message);
  const user = data.users.find((u) => env.adminEmails.includes(u.email ?? ''));
  assert.ok(user, `an account exists for one of ${env.adminEmails.join(', ')}`);
  return { id: user.id, email: user.email! };
}

Deno.test('promotes the configured address, then says it already is an administrator', async () => {
  const admin = await configuredAccount();
  await setRole(admin.id, 'customer');
  try {
    const first = await callFunction('set-admin-role', { adminEmail: admin.email.toUpperCase() });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.message, `${admin.email} is now an administrator.`);
    assert.equal(await roleOf(admin.id), 'admin');
    const second = await callFunction('set-admin-role', { adminEmail: admin.email });
    assert.equal(second.status, 200);
    assert.equal(second.body.message, `${admin.email} is already an administrator; nothing changed.`);
    assert.equal(await roleOf(admin.id), 'admin');
  } finally {
    await setRole(admin.id, 'admin');
  }
});

Deno.test('refuses an address that is not configured, even for its own signed-in owner', async () => {
  const customer = await signUpCustomer('would-be-admin');
  const answer = await callFunction('set-admin-role', { adminEmail: customer.email }, customer.token);
  assert.equal(answer.status, 403);
  assert.equal(answer.body.error.code, 'not_an_admin_address');
  assert.match(answer.body.error.message, /not configured/);
  assert.equal(await roleOf(customer.user.id), 'customer');
});

Deno.test('refuses a body without a valid address', async () => {
  for (const body of [{}, { adminEmail: 'not-an-address' }, { email: env.adminEmails[0] }, '[']) {
    const answer = await callFunction('set-admin-role', body);
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.ok(answer.body.error.code);
  }
});

Deno.test("calling it without the project's key or a token it signed is refused, verify_jwt being off", async () => {
  const response = await fetch(`${env.supabaseUrl}/functions/v1/set-admin-role`, { method: 'POST', body: JSON.stringify({ adminEmail: env.adminEmails[0] }) });
  assert.equal(response.status, 401);
  assert.equal((await response.json()).error.code, 'no_project_credentials');
  for (const token of ['sb_publishable_made_up', 'not-a-jwt', unsignedToken({ role: 'anon', exp: Math.floor(Date.now() / 1000) + 600 })]) {
    const answer = await callFunction('set-admin-role', { adminEmail: env.adminEmails[0] }, token);
    assert.equal(answer.status, 401, JSON.stringify(answer.body));
  }
});
