// One line of `npm run smoke`: what was checked, what is wrong with it (nothing: it passed), and
// what a passing line adds in brackets. smoke.ts prints them and counts them.
export interface CheckOutcome {
  name: string;
  problems: string[];
  detail?: string;
}
