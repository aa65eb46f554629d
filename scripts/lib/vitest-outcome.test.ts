// npm test's line for a Vitest run that failed with every test passing, from Vitest's own output
// (colours included, as a terminal gets them).
import { describe, expect, it } from 'vitest';
import { errorOutsideTests } from './vitest-outcome.ts';

const red = (text: string) => `\x1b[31m\x1b[1m${text}\x1b[22m\x1b[39m`;
const rule = '⎯⎯⎯⎯⎯⎯';

describe('errorOutsideTests', () => {
  it('names the uncaught error and the file it was caught during', () => {
    const stderr = [
      `${red(rule)}\x1b[1m\x1b[41m Unhandled Errors \x1b[49m\x1b[22m${red(rule)}`,
      red('Vitest caught 1 unhandled error during the test run.'),
      '',
      `${red(rule)}\x1b[1m\x1b[41m Uncaught Exception \x1b[49m\x1b[22m${red(rule)}`,
      `${red('error')}: terminating connection due to administrator command`,
      ' ❯ parseErrorMessage node_modules/pg/node_modules/pg-protocol/dist/parser.js:306:11',
      red('This error originated in "scripts/stack/rest/pipeline.test.ts" test file. It doesn\'t mean the error was thrown inside the file itself, but while it was running.'),
    ].join('\n');
    expect(errorOutsideTests(1, stderr)).toBe(
      'an error outside the tests, caught while scripts/stack/rest/pipeline.test.ts ran: error: terminating connection due to administrator command',
    );
  });

  it('reads an unhandled rejection the same way', () => {
    const stderr = `${rule} Unhandled Errors ${rule}\n\n${rule} Unhandled Rejection ${rule}\nTypeError: fetch failed\nThis error originated in "tests/faults/x.test.ts" test file.`;
    expect(errorOutsideTests(1, stderr)).toBe('an error outside the tests, caught while tests/faults/x.test.ts ran: TypeError: fetch failed');
  });

  it('says Vitest itself failed when its output shows no unhandled error', () => {
    expect(errorOutsideTests(2, 'Error: No test files found')).toBe('Vitest exited with code 2 and no test failed: see its output above');
  });
});
