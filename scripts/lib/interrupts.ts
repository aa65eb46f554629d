// Ctrl-C for a long-running command. A terminal sends SIGINT to the whole process group, and npm
// and setup.mjs relay it as well, so one key press arrives here up to three times, usually within a
// few milliseconds but up to several hundred on a loaded machine: those count as one. A later one, the user's second Ctrl-C, forces the stop and
// says so; a graceful stop that hangs is forced too.
import { failed } from './log.ts';

/**
 * Signals closer together than this are one key press, relayed. 300 ms was seen exceeded by a
 * relayed copy on two busy cores, forcing a stop nobody asked for; a deliberate second Ctrl-C
 * comes later than a second.
 */
const sameKeyPressMs = 1_000;
/** A graceful stop that takes longer than this is forced. */
const gracefulLimitMs = 30_000;

export interface InterruptHandlers {
  /** Stops everything cleanly; resolves when done. */
  graceful(): Promise<void>;
  /** Stops what must not outlive the command, without waiting for anything else. */
  force(): Promise<void>;
}

/** `exitCode` is the command's after a graceful stop (`npm test` fails when interrupted). */
export function handleInterrupts(handlers: InterruptHandlers, exitCode = 0): void {
  let first: number | undefined;
  let forcing = false;
  const force = (why: string) => {
    if (forcing) return;
    forcing = true;
    failed(why);
    void handlers.force().finally(() => process.exit(130));
  };
  const onSignal = () => {
    const now = Date.now();
    if (first === undefined) {
      first = now;
      setTimeout(() => force(`still stopping after ${gracefulLimitMs / 1000} s: forcing it`), gracefulLimitMs).unref();
      void handlers.graceful().then(() => process.exit(exitCode), () => process.exit(1));
    } else if (now - first > sameKeyPressMs) {
      force('second Ctrl-C: forcing the stop (the database is stopped at once, connections cut)');
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
