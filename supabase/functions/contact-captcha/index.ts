// contact-captcha: checks the contact form's captcha token with the provider (server-side: the
// browser is untrusted) and, when accepted, answers a single-use pass the database issued
// (public.issue_contact_captcha_pass, service role). The browser then sends its message with that
// pass through the gateway to send_contact_message, so the rate limit keys on the client address
// the gateway gives that request, as without a captcha. Anyone may call it: no JWT needed.
// The pass is single-use, valid five minutes, for `send_contact_message`'s `p_captcha_pass`. The
// function never stores the message. A secret the provider refuses (`invalid-input-secret`) is
// the operator's mistake: 502 like an outage, logged as such (_shared/captcha.ts).
import { captchaAccepts, captchaFromEnv } from '../_shared/captcha.ts';
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { ContactCaptchaBody, parseBody } from '../_shared/schemas.ts';
import { serviceClient } from '../_shared/supabase.ts';

/** The client's address as the platform's gateway states it, passed on to the provider only. */
function clientAddress(request: Request): string | undefined {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return request.headers.get('cf-connecting-ip') ?? (forwarded || undefined);
}

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const { token } = parseBody(ContactCaptchaBody, await readJson(request));
    if (!token) {
      throw new HttpError(400, 'captcha_missing', 'Vérification anti-robot manquante', {
        detail: "Veuillez compléter la vérification anti-robot avant d'envoyer votre message.",
      });
    }
    if (!(await captchaAccepts(captchaFromEnv(), token, clientAddress(request)))) {
      throw new HttpError(403, 'captcha_failed', 'Vérification anti-robot échouée', {
        detail: "La vérification n'a pas abouti ou a expiré. Veuillez la refaire, puis renvoyer votre message.",
      });
    }
    const { data: pass, error } = await serviceClient().rpc('issue_contact_captcha_pass');
    if (error) throw new Error(`issuing a captcha pass: ${error.message}`);
    return jsonResponse({ pass });
  } catch (error) {
    return errorResponse(error);
  }
}));
