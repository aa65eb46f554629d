// Vitest setup file of the journeys: the file about to run takes the stack of its worker. Vitest
// numbers its workers 1 to maxWorkers (VITEST_POOL_ID), and two files running at once never share
// a number, so each stack still holds one journey file at a time: what a file sets on its stack
// (a commerce fault, the captcha switch, a new CGV, the administrators) meets no other file.
import { journeyStacks } from '../../../scripts/lib/journey-stacks.ts';

const stacks = journeyStacks();
const worker = Number(process.env.VITEST_POOL_ID ?? '1');
const stack = stacks[worker - 1];
if (stacks.length > 0 && !stack) throw new Error(`no journey stack for Vitest worker ${worker} (${stacks.length} started)`);
Object.assign(process.env, stack);
