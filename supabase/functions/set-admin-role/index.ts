// set-admin-role: grants the `admin` role to an existing account whose address is listed in the
// ADMIN_EMAILS secret, and to nothing else. Idempotent; the answer says what happened.
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { requireProjectCaller } from '../_shared/caller.ts';
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { parseBody, SetAdminRoleBody } from '../_shared/schemas.ts';
import { serviceClient } from '../_shared/supabase.ts';

const perPage = 1000;

function configuredAddresses(): Set<string> {
  return new Set((Deno.env.get('ADMIN_EMAILS') ?? '').split(',').map((address) => address.trim().toLowerCase()).filter(Boolean));
}

// GoTrue's admin API has no look-up by address: page through the accounts.
async function findAccount(service: SupabaseClient, email: string): Promise<User | undefined> {
  for (let page = 1; ; page++) {
    const { data, error } = await service.auth.admin.listUsers({ page, perPage });
    if (error) throw new Error(`listing users: ${error.message}`);
    const match = data.users.find((user) => user.email?.toLowerCase() === email);
    if (match || data.users.length < perPage) return match;
  }
}

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    await requireProjectCaller(request);
    const email = parseBody(SetAdminRoleBody, await readJson(request)).adminEmail.toLowerCase();
    if (!configuredAddresses().has(email)) {
      throw new HttpError(403, 'not_an_admin_address', `${email} is not configured as an administrator address.`);
    }
    const service = serviceClient();
    const account = await findAccount(service, email);
    if (!account) throw new HttpError(404, 'account_not_found', `No account uses ${email}; sign up with it first.`);
    // Whoever signs up first with the address must also own it, or they could claim the role.
    if (!account.email_confirmed_at) {
      throw new HttpError(409, 'email_not_confirmed', `${email} has not been confirmed yet; confirm it first.`);
    }

    // Only a row that is not admin yet changes, so concurrent calls promote once.
    const { data: promoted, error } = await service.from('profiles').update({ role: 'admin' }).eq('id', account.id).neq('role', 'admin').select('id');
    if (error) throw new Error(`promoting ${account.id}: ${error.message}`);
    if (promoted.length > 0) return jsonResponse({ message: `${email} is now an administrator.` });

    const { data: profile, error: readError } = await service.from('profiles').select('role').eq('id', account.id).maybeSingle();
    if (readError) throw new Error(`reading profile ${account.id}: ${readError.message}`);
    if (!profile) throw new HttpError(404, 'profile_not_found', `The account ${email} has no profile.`);
    return jsonResponse({ message: `${email} is already an administrator; nothing changed.` });
  } catch (error) {
    return errorResponse(error);
  }
}));
