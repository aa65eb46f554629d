// The double's clock, in Unix seconds as Stripe counts them. Tests move it forward (the
// `/__sandbox/clock` control) to reach a session's `expires_at` or the end of the events' 30 days
// without waiting; nothing runs on a timer for it: what falls due is settled on the next request.
export class SandboxClock {
  #offsetSeconds = 0;

  now(): number {
    return Math.floor(Date.now() / 1000) + this.#offsetSeconds;
  }

  advance(seconds: number): void {
    this.#offsetSeconds += seconds;
  }
}
