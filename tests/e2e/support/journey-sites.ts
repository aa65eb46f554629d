// The sites npm test serves the browser journeys from (scripts/test.ts): each one's stack
// environment with WEB_URL and WEB_DIST_DIR, as JSON in JOURNEY_SITES. None when the variable is
// unset (the environment then is the one site's).
export type JourneySiteEnv = Record<string, string>;

export function journeySites(): JourneySiteEnv[] {
  const sites = process.env.JOURNEY_SITES;
  return sites ? (JSON.parse(sites) as JourneySiteEnv[]) : [];
}
