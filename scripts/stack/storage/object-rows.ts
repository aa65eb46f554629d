// The statements Storage runs on storage.objects, each as the caller (RLS decides), values as bind
// parameters. Rows come back as one JSON column so the service reads them whole.
import type { Statement } from '../rest/pipeline.ts';

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export interface NewObject {
  bucketId: string;
  name: string;
  owner: string | undefined;
  version: string;
  metadata: Partial<ObjectMetadata>;
  userMetadata?: Record<string, unknown> | undefined;
}

const rowJson = `json_build_object('id', o.id, 'bucket_id', o.bucket_id, 'name', o.name, 'owner', o.owner, 'owner_id', o.owner_id,
  'version', o.version, 'metadata', o.metadata, 'user_metadata', o.user_metadata, 'created_at', o.created_at,
  'updated_at', o.updated_at, 'last_accessed_at', o.last_accessed_at)`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function findObject(bucketId: string, name: string): Statement {
  return { text: `select ${rowJson} from storage.objects o where o.bucket_id = $1 and o.name = $2`, values: [bucketId, name] };
}

/** Which of `names` the caller may read, as a JSON array of names. */
export function findNames(bucketId: string, names: string[]): Statement {
  return {
    text: `select coalesce(json_agg(o.name), '[]') from storage.objects o
      where o.bucket_id = $1 and o.name in (select jsonb_array_elements_text($2::jsonb))`,
    values: [bucketId, JSON.stringify(names)],
  };
}

/** The version an upsert will replace (locked), so its bytes can go once the new row commits. */
export function lockVersion(bucketId: string, name: string): Statement {
  return { text: 'select o.version from storage.objects o where o.bucket_id = $1 and o.name = $2 for update', values: [bucketId, name] };
}

/** INSERT (or, with `upsert`, INSERT … ON CONFLICT DO UPDATE) of an object row; answers its id. */
export function writeObject(object: NewObject, upsert: boolean): Statement {
  const owner = object.owner && uuidPattern.test(object.owner) ? object.owner : null;
  const onConflict = upsert
    ? ` on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
        metadata = excluded.metadata, user_metadata = excluded.user_metadata, updated_at = now(), last_accessed_at = now()`
    : '';
  return {
    text: `insert into storage.objects as o (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
      values ($1, $2, $3::uuid, $4, $5, $6::jsonb, $7::jsonb)${onConflict} returning o.id`,
    values: [
      object.bucketId,
      object.name,
      owner,
      object.owner ?? null,
      object.version,
      JSON.stringify(object.metadata),
      object.userMetadata ? JSON.stringify(object.userMetadata) : null,
    ],
  };
}

/** Deletes the named objects the caller may delete; answers the deleted rows as a JSON array. */
export function deleteObjects(bucketId: string, names: string[]): Statement {
  return {
    text: `with deleted as (delete from storage.objects o where o.bucket_id = $1 and o.name in (select jsonb_array_elements_text($2::jsonb)) returning o.*)
      select coalesce(json_agg(${rowJson.replaceAll('o.', 'd.')}), '[]') from deleted d`,
    values: [bucketId, JSON.stringify(names)],
  };
}

/** Deletes every object of a bucket the caller may delete (emptying it); answers their versions. */
export function deleteBucketObjects(bucketId: string): Statement {
  return {
    text: `with deleted as (delete from storage.objects o where o.bucket_id = $1 returning o.version)
      select coalesce(json_agg(d.version), '[]') from deleted d`,
    values: [bucketId],
  };
}

/** Renames an object (UPDATE: the caller's policies see the old row and check the new one). */
export function moveObject(bucketId: string, name: string, toBucketId: string, toName: string): Statement {
  return {
    text: `update storage.objects o set bucket_id = $3, name = $4, updated_at = now() where o.bucket_id = $1 and o.name = $2 returning o.id`,
    values: [bucketId, name, toBucketId, toName],
  };
}

export interface ListOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  sortColumn: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
  sortOrder: 'asc' | 'desc';
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One level of a bucket below `prefix`, as storage.search answers it: the folders first (name
 * only, every other field null), then the files, sorted, paged.
 */
export function listLevel(bucketId: string, options: ListOptions): Statement {
  const folder = options.prefix.replace(/\/+$/, '');
  const level = folder ? folder.split('/').length + 1 : 1;
  const pattern = `${likeEscape(folder ? `${folder}/` : '')}${likeEscape(options.search)}%`;
  const folderDirection = options.sortColumn === 'name' ? options.sortOrder : 'asc';
  const order = (e: string) =>
    `${e}.kind, (case when ${e}.kind = 0 then ${e}.name end) ${folderDirection}, ${e}.${options.sortColumn} ${options.sortOrder}, ${e}.name`;
  return {
    text: `with matching as (
        select o.* from storage.objects o where o.bucket_id = $1 and o.name ilike $2 and array_length(o.path_tokens, 1) >= $3
      ), entries as (
        select distinct m.path_tokens[$3] as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
               null::timestamptz as last_accessed_at, null::jsonb as metadata, 0 as kind
        from matching m where array_length(m.path_tokens, 1) > $3
        union all
        select m.path_tokens[$3], m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata, 1
        from matching m where array_length(m.path_tokens, 1) = $3
      ), page as (
        select e.* from entries e order by ${order('e')} limit $4 offset $5
      )
      select coalesce(json_agg(json_build_object('name', p.name, 'id', p.id, 'updated_at', p.updated_at, 'created_at', p.created_at,
        'last_accessed_at', p.last_accessed_at, 'metadata', p.metadata) order by ${order('p')}), '[]') from page p`,
    values: [bucketId, pattern, String(level), String(options.limit), String(options.offset)],
  };
}
