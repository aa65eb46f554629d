// Stripe's webhook signature: `Stripe-Signature: t=<Unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>" keyed with the endpoint's secret>`, the scheme the SDK's
// `webhooks.constructEvent(Async)` checks (and `webhooks.generateTestHeaderString` writes).
import { createHmac } from 'node:crypto';

export function signatureHeader(body: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
