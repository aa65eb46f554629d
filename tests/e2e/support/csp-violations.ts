// Every page a journey opens reports each Content-Security-Policy violation (the
// `securitypolicyviolation` event, in every frame, across navigations) and every violation the
// browser logs (a worker's included); the journey fails if there was any. The journeys run against
// the build Apache serves with the generated policy, so a policy that breaks the app fails here.
import type { BrowserContext } from 'playwright-core';

const listener = `document.addEventListener('securitypolicyviolation', (event) => {
  window.__reportCspViolation?.(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' on ' + event.documentURI + (event.sample ? ' (' + event.sample + ')' : ''));
});`;

/** Starts recording a context's violations; the array fills as they happen. */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(listener);
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}
