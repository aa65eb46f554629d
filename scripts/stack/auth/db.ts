// Database access for the auth service: every value a bind parameter, timestamps returned as
// RFC 3339 text (GoTrue's JSON form) rather than JS Dates, which would drop the microseconds.
import pg from 'pg';

export type Queryable = pg.Pool | pg.PoolClient;

const timestamptzOid = 1184;

/** Postgres's ISO output ('2026-01-05 10:00:00.123456+00') as RFC 3339 ('2026-01-05T10:00:00.123456Z'). */
export function rfc3339(text: string): string {
  const iso = text.replace(' ', 'T');
  const offset = /([+-])(\d\d)(?::?(\d\d))?(?::?\d\d)?$/.exec(iso);
  if (!offset) return iso;
  const [whole, sign, hours, minutes = '00'] = offset;
  const zone = hours === '00' && minutes === '00' ? 'Z' : `${sign}${hours}:${minutes}`;
  return iso.slice(0, iso.length - whole.length) + zone;
}

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === timestamptzOid) return rfc3339;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export async function query<Row extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[] = []): Promise<Row[]> {
  const result = await db.query<Row>({ text, values, types });
  return result.rows;
}

export async function queryOne<Row extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[] = []): Promise<Row | undefined> {
  return (await query<Row>(db, text, values))[0];
}

/** Runs `work` in one transaction: everything it wrote, or nothing. */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The SQLSTATE of a Postgres error, if `error` is one. */
export function sqlState(error: unknown): string | undefined {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `error` is a unique violation of `constraint` (or of any constraint when omitted). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return sqlState(error) === '23505' && (!constraint || (error as { constraint?: string }).constraint === constraint);
}
