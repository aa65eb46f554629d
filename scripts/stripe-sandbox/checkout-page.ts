// The hosted page's requests (`GET` and `POST /c/pay/{session}`): the page while the session is
// open, its form's choice carried out by payments.ts, then a 303 to the session's `success_url`
// with `{CHECKOUT_SESSION_ID}` replaced by the session's id, as Stripe redirects. A declined card
// shows the page again, the session still open; a closed session's page says why it is closed.
import type { ChargeKind } from './objects.ts';
import { closedPage, paymentPage, type PageForm, unknownSessionPage } from './payment-page.ts';
import { payOnPage } from './payments.ts';
import type { SandboxState } from './state.ts';

export type PageAnswer = { status: number; html: string } | { status: 303; location: string };

const plausibleEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const choices: readonly ChargeKind[] = ['card', 'card_declined', 'sepa_debit'];

export function showPage(state: SandboxState, sessionId: string): PageAnswer {
  const record = state.sessions.get(sessionId);
  if (!record) return { status: 404, html: unknownSessionPage() };
  if (record.session.status !== 'open') return { status: 409, html: closedPage(record) };
  return { status: 200, html: paymentPage(record) };
}

export function submitPage(state: SandboxState, sessionId: string, form: URLSearchParams): PageAnswer {
  const record = state.sessions.get(sessionId);
  if (!record) return { status: 404, html: unknownSessionPage() };
  if (record.session.status !== 'open') return { status: 409, html: closedPage(record) };
  const choice = form.get('choice') as ChargeKind;
  if (!choices.includes(choice) || (choice === 'sepa_debit' && !record.session.payment_method_types.includes('sepa_debit'))) {
    return { status: 400, html: paymentPage(record) };
  }
  const email = record.session.customer_email ?? form.get('email')?.trim() ?? '';
  const again = (problem: PageForm['problem']) => ({ status: 400, html: paymentPage(record, { email, problem }) });
  if (!plausibleEmail.test(email)) return again('email');
  if (record.session.consent_collection?.terms_of_service === 'required' && form.get('terms') !== 'accepted') return again('terms');
  payOnPage(state, record, choice, email);
  if (choice === 'card_declined') return { status: 200, html: paymentPage(record, { email }) };
  return { status: 303, location: record.session.success_url!.replaceAll('{CHECKOUT_SESSION_ID}', record.session.id) };
}
