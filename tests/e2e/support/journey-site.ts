// Before each journey file: the site of this Vitest worker becomes the file's environment. Vitest
// numbers its workers 1 to maxWorkers (VITEST_POOL_ID), and runs as many as there are sites, so
// two files at once never share a stack.
import { journeySites } from './journey-sites.ts';

const sites = journeySites();
if (sites.length > 0) Object.assign(process.env, sites[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % sites.length]);
