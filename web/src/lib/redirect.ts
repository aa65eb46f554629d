/** Leaves the app for another site (the hosted checkout); a seam for tests. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
