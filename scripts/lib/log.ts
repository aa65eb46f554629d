/** Progress lines for the two commands: short, prefixed, to stderr so stdout stays parseable. */
export function step(message: string): void {
  process.stderr.write(`\u25b8 ${message}\n`);
}

export function done(message: string): void {
  process.stderr.write(`\u2714 ${message}\n`);
}

export function failed(message: string): void {
  process.stderr.write(`\u2718 ${message}\n`);
}
