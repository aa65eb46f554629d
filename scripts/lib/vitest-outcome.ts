// What a Vitest run that failed with no test failing says in npm test's "Failed tests": an error
// outside the tests, which Vitest reports only in its output, not in its JSON report.

/**
 * The failure line of a Vitest run that failed with no test failing: an error outside the tests
 * (its "Unhandled Errors" section: the error's first line, and the file it was caught during), or
 * Vitest itself failing.
 */
export function errorOutsideTests(code: number, stderr: string): string {
  const plain = stderr.replace(/\x1b\[[0-9;]*m/g, '');
  const unhandled = plain.slice(plain.indexOf('Unhandled Error'));
  const message = /(?:Uncaught Exception|Unhandled Rejection|Unhandled Error(?!s))[^\n]*\n+\s*(.+)/.exec(unhandled)?.[1]?.trim();
  const file = /This error originated in "([^"]+)"/.exec(unhandled)?.[1];
  if (plain.includes('Unhandled Error')) return `an error outside the tests, caught while ${file ?? 'a file'} ran: ${message ?? 'see "Unhandled Errors" above'}`;
  return `Vitest exited with code ${code} and no test failed: see its output above`;
}
