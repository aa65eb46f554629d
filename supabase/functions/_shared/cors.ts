// CORS for browser calls through supabase-js (`functions.invoke`), as in Supabase's examples.
export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-retry-count',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** The answer to a CORS preflight; functions return it before anything else. */
export function preflight(): Response {
  return new Response('ok', { headers: corsHeaders });
}
