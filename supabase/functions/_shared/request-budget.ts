// The requests one run of a function may make of a provider (commerce-provider.ts,
// `requestsPerCall`): a minute's run stays within the provider's rate limit and the hosted
// function's limits. Shared by everything the run asks; past it, the run asks nothing more and
// leaves the rest for the next one (`BudgetSpent`, which the providers turn into `not_asked`).
import { CommerceError } from './errors.ts';

/** The run asked all its budget allows: what is left waits for the next run. */
export class BudgetSpent extends CommerceError {
  constructor() {
    super('the request budget of this run is spent; the rest waits for the next run');
  }
}

export class RequestBudget {
  constructor(private remaining: number) {}

  take(): void {
    if (this.remaining <= 0) throw new BudgetSpent();
    this.remaining--;
  }
}
