// pg_prove's report is the only channel from pgTAP to npm test's summary: a failing or cut-short
// file must never be counted as passed.
import { expect, it } from 'vitest';
import { parsePgProve } from './pgtap.ts';

it('counts every assertion of a passing run', () => {
  const output = 'supabase/tests/a.test.sql .. ok\nAll tests successful.\nFiles=2, Tests=57,  1 wallclock secs\nResult: PASS\n';
  expect(parsePgProve(output)).toEqual({ passed: 57, failed: 0, ok: true });
});

it('counts failed assertions', () => {
  const output = [
    'supabase/tests/a.test.sql .. ',
    'Failed 2/50 subtests ',
    'Test Summary Report',
    '-------------------',
    'supabase/tests/a.test.sql (Wstat: 0 Tests: 50 Failed: 2)',
    '  Failed tests:  43, 46',
    'Files=3, Tests=120,  0 wallclock secs',
    'Result: FAIL',
  ].join('\n');
  expect(parsePgProve(output)).toEqual({ passed: 118, failed: 2, ok: false });
});

it('counts the planned assertions of a file cut short by an error as failed', () => {
  const output = [
    'psql:supabase/tests/s.test.sql:58: ERROR:  could not determine which collation to use',
    'Dubious, test returned 3 (wstat 768, 0x300)',
    'Failed 23/32 subtests ',
    'supabase/tests/s.test.sql (Wstat: 768 (exited 3) Tests: 9 Failed: 0)',
    '  Parse errors: Bad plan.  You planned 32 tests but ran 9.',
    'Files=1, Tests=9,  0 wallclock secs',
    'Result: FAIL',
  ].join('\n');
  expect(parsePgProve(output)).toEqual({ passed: 9, failed: 23, ok: false });
});

it('never reports success without a PASS line', () => {
  expect(parsePgProve('pg_prove: command not found\n')).toEqual({ passed: 0, failed: 1, ok: false });
});
