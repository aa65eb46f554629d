// PostgREST's error bodies `{code, message, details, hint}` and its SQLSTATE → HTTP status table
// (its mapSQLtoHTTP). Postgres errors pass through with their own message/detail/hint, as PostgREST
// shows them; nothing here ever carries the SQL the builder generated.

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A string, or for PGRST201 the list of candidate relationships. */
    readonly details: string | object | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): { code: string; message: string; details: string | object | null; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PGRST100: the query string did not parse. `message` names what failed and where, like Parsec. */
export function parseError(what: string, input: string, column: number, details: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, details);
}

export const errors = {
  invalidBody: (message: string) => new RestError(400, 'PGRST102', message),
  rangeNotSatisfiable: (details: string) => new RestError(416, 'PGRST103', 'Requested range not satisfiable', details),
  unacceptableSchema: (schema: string, exposed: string[]) =>
    new RestError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${exposed.join(', ')}`),
  mediaType: (types: string[]) => new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`),
  notEmbedded: (resource: string) =>
    new RestError(400, 'PGRST108', `'${resource}' is not an embedded resource in this request`, null,
      `Verify that '${resource}' is included in the 'select' query parameter.`),
  singular: (rows: number) =>
    new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`),
  unsupportedMethod: (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  relatedOrderNotToOne: (origin: string, target: string) =>
    new RestError(400, 'PGRST118', `A related order on '${target}' is not possible`, `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`),
  invalidPreferences: (prefs: string[]) =>
    new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.join(', ')}`),
  aggregatesNotAllowed: () => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  maxAffected: (rows: number) => new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`),
  invalidPath: () => new RestError(404, 'PGRST125', 'Invalid path specified in request URL'),
  rootDisabled: () => new RestError(404, 'PGRST126', 'Root endpoint metadata is disabled'),
  notImplemented: (details: string) => new RestError(400, 'PGRST127', 'Feature not implemented', details),
  rpcMethod: (method: string) => new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  noRelationship: (schema: string, parent: string, child: string, embedHint: string | undefined, hint: string | null) =>
    new RestError(400, 'PGRST200', `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${child}'${embedHint ? `' using the hint '${embedHint}` : ''} in the schema '${schema}', but no matches were found.`, hint),
  ambiguousRelationship: (parent: string, child: string, details: object, hint: string) =>
    new RestError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${parent}' and '${child}'`, details, hint),
  /** `media` is the POST body's (undefined for GET); raw bodies only ever look for one unnamed parameter. */
  noFunction: (schema: string, name: string, args: string[], media: 'json' | 'text' | 'xml' | 'bytea' | undefined, hint: string | null) => {
    const fn = `${schema}.${name}`;
    const rawOnly = media !== undefined && media !== 'json';
    const params = args.length ? `(${args.join(', ')})` : ' without parameters';
    const searched = args.length ? ` with parameter${args.length > 1 ? 's' : ''} ${args.join(', ')}` : ' without parameters';
    const details = rawOnly ? ` with a single unnamed ${media} parameter` : media === 'json' ? `${searched} or with a single unnamed json/jsonb parameter` : searched;
    return new RestError(404, 'PGRST202', `Could not find the function ${fn}${rawOnly ? '' : params} in the schema cache`,
      `Searched for the function ${fn}${details}, but no matches were found in the schema cache.`, rawOnly ? null : hint);
  },
  noColumnInCache: (table: string, column: string) =>
    new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`),
  noTable: (schema: string, name: string, hint: string | null) => new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null, hint),
  // Postgres's own wording for an unknown column or type, which PostgREST would pass through.
  noColumn: (table: string, column: string) => new RestError(400, '42703', `column ${table}.${column} does not exist`),
  noType: (type: string) => new RestError(400, '42704', `type "${type}" does not exist`),
  bodyTooLarge: (limit: number) => new RestError(413, 'PGRST102', `Request body larger than ${limit} bytes`),
  schemaCacheUnavailable: () => new RestError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.'),
  connection: (details: string | null) => new RestError(503, 'PGRST000', 'Database connection error.', details),
  jwt: (kind: 'decode' | 'claims', message: string) =>
    new RestError(401, kind === 'decode' ? 'PGRST301' : 'PGRST303', message, null, null, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    }),
};

/** PostgREST's mapSQLtoHTTP. `authed` is false for the anon role (42501 → 401 instead of 403). */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  if (code.startsWith('08')) return 503;
  if (code.startsWith('09')) return 500;
  if (code.startsWith('0L') || code.startsWith('0P')) return 403;
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
    case '42883':
      return 404;
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authed ? 403 : 401;
  }
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  const serverClasses = ['25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'];
  if (serverClasses.some((c) => code.startsWith(c))) return 500;
  if (code.startsWith('28')) return 403;
  if (code.startsWith('53')) return 503;
  return 400;
}

interface PgErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgErrorLike & { code: string } {
  return error instanceof Error && typeof (error as PgErrorLike).code === 'string' && /^[0-9A-Z]{5}$/.test((error as PgErrorLike).code!);
}

/** A database error as PostgREST answers it: Postgres's own message, detail and hint. */
export function fromPgError(error: PgErrorLike & { code: string }, authed: boolean): RestError {
  const status = statusForSqlState(error.code, error.message, authed);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers);
}
