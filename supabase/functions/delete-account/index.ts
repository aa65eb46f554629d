// delete-account: « Supprimer mon compte » (RGPD art. 17). The signed-in caller re-enters their
// password, which GoTrue checks here, on the server (a password grant for the caller's own e-mail:
// GoTrue's hashing and rate limits, the browser trusted with nothing); then the database erases
// the caller and only the caller (erase_account(), service role only: the user id is the token's,
// never the body's). Orders and invoices stay for the accounts, detached from the person; the
// last administrator is refused. Last, the stamped copies that bore the person's name and e-mail
// are removed from Storage. Answers `{ erased: true }`; the browser then signs out.
import { requireUser } from '../_shared/caller.ts';
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { DeleteAccountBody, parseBody } from '../_shared/schemas.ts';
import { publishableClient, serviceClient } from '../_shared/supabase.ts';

const deliverablesBucket = 'deliverables';

/** Checks the password with GoTrue, then ends the session that check opened. */
async function verifyPassword(email: string, password: string): Promise<void> {
  const verifier = publishableClient();
  const { error } = await verifier.auth.signInWithPassword({ email, password });
  if (error?.status === 429) {
    throw new HttpError(429, 'rate_limited', 'Trop de tentatives', { detail: 'Veuillez patienter quelques minutes avant de réessayer.' });
  }
  if (error && error.status !== undefined && error.status < 500) {
    throw new HttpError(403, 'wrong_password', 'Mot de passe incorrect', {
      cause: error.message,
      detail: 'Le mot de passe saisi ne correspond pas à votre compte. Votre compte n\'a pas été supprimé.',
    });
  }
  if (error) throw error;
  await verifier.auth.signOut({ scope: 'local' });
}

function refusal(error: { code?: string; message: string }): HttpError | null {
  if (error.code === 'PT409') return new HttpError(409, 'last_admin', 'Suppression impossible', { detail: error.message });
  if (error.code === 'PT404') return new HttpError(404, 'account_not_found', 'Compte introuvable', { detail: error.message });
  return null;
}

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const user = await requireUser(request);
    const { password } = parseBody(DeleteAccountBody, await readJson(request));
    if (!user.email) throw new HttpError(409, 'no_email', 'Suppression impossible', { detail: 'Ce compte n\'a pas d\'adresse e-mail pour vérifier votre mot de passe.' });
    await verifyPassword(user.email, password);

    const service = serviceClient();
    const { data, error } = await service.rpc('erase_account', { p_user_id: user.id });
    if (error) throw refusal(error) ?? new Error(`erase_account: ${error.message}`);

    // The copies the orders pointed to, and any other object under the person's prefix.
    const prefix = `buyers/${user.id}`;
    const { data: listed, error: listError } = await service.storage.from(deliverablesBucket).list(prefix, { limit: 1000 });
    const paths = new Set<string>([...((data as string[] | null) ?? []), ...(listed ?? []).map((object) => `${prefix}/${object.name}`)]);
    if (paths.size > 0) {
      const { error: removeError } = await service.storage.from(deliverablesBucket).remove([...paths]);
      // The account is already erased: say so, and leave the leftovers to the operator's log.
      if (removeError || listError) console.error(`delete-account: copies left under ${prefix}`, removeError?.message ?? listError?.message);
    }
    return jsonResponse({ erased: true });
  } catch (error) {
    return errorResponse(error);
  }
}));
