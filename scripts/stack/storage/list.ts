// `POST /object/list/{bucket}` `{ prefix, limit, offset, sortBy: { column, order }, search }`:
// one folder level as the caller sees it (storage.search's answer; folders have id null).
import { sendJson } from '../http.ts';
import { firstJson } from './database.ts';
import { errors } from './errors.ts';
import { listLevel, type ListOptions } from './object-rows.ts';
import { jsonBody, type StorageRequest } from './request.ts';

const sortColumns = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;

function listOptions(body: Record<string, unknown>): ListOptions {
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = sortBy.column ?? 'name';
  const order = String(sortBy.order ?? 'asc').toLowerCase();
  if (!sortColumns.includes(column as ListOptions['sortColumn'])) throw errors.invalidRequest(`body/sortBy/column must be one of ${sortColumns.join(', ')}`);
  if (order !== 'asc' && order !== 'desc') throw errors.invalidRequest('body/sortBy/order must be asc or desc');
  const limit = Number(body.limit ?? 100);
  const offset = Number(body.offset ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(offset) || offset < 0) throw errors.invalidRequest('body/limit and body/offset must be whole numbers');
  if (typeof body.prefix !== 'string') throw errors.missingParameter('prefix');
  return {
    prefix: body.prefix,
    search: typeof body.search === 'string' ? body.search : '',
    limit,
    offset,
    sortColumn: column as ListOptions['sortColumn'],
    sortOrder: order,
  };
}

export async function listObjects(sr: StorageRequest, bucketId: string): Promise<void> {
  const options = listOptions(await jsonBody(sr.req));
  const [rows] = await sr.db.run(sr.caller(), [listLevel(bucketId, options)], { readOnly: true });
  sendJson(sr.res, 200, firstJson(rows) ?? []);
}
