// The statements Storage runs on storage.buckets, as the caller (RLS decides) except where
// storage-api itself looks a bucket up as the superuser (its limits, before an upload).
import type { Statement } from '../rest/pipeline.ts';
import { firstJson, serviceCaller, type Database } from './database.ts';
import { errors } from './errors.ts';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
  type: 'STANDARD';
}

export interface BucketSettings {
  public?: boolean | undefined;
  file_size_limit?: number | null | undefined;
  allowed_mime_types?: string[] | null | undefined;
}

const bucketJson = `json_build_object('id', b.id, 'name', b.name, 'owner', b.owner, 'owner_id', b.owner_id, 'public', coalesce(b.public, false),
  'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types, 'created_at', b.created_at,
  'updated_at', b.updated_at, 'type', 'STANDARD')`;

export function selectBucket(id: string): Statement {
  return { text: `select ${bucketJson} from storage.buckets b where b.id = $1`, values: [id] };
}

export function selectBuckets(options: { limit?: number | undefined; offset?: number | undefined; search?: string | undefined }): Statement {
  return {
    text: `select coalesce(json_agg(x.bucket order by x.name), '[]') from (
        select ${bucketJson} as bucket, b.name from storage.buckets b
        where $1::text is null or b.name ilike '%' || $1 || '%' order by b.name limit $2 offset $3) x`,
    values: [options.search ?? null, options.limit === undefined ? null : String(options.limit), String(options.offset ?? 0)],
  };
}

export function insertBucket(id: string, name: string, owner: string | undefined, settings: BucketSettings): Statement {
  return {
    text: `insert into storage.buckets (id, name, owner_id, public, file_size_limit, allowed_mime_types)
      values ($1, $2, $3, coalesce($4::boolean, false), $5::bigint, $6::text[]) returning name`,
    values: [id, name, owner ?? null, settings.public === undefined ? null : String(settings.public), nullable(settings.file_size_limit), mimeTypes(settings.allowed_mime_types)],
  };
}

/** Sets what the request names; a setting left out keeps its value. */
export function updateBucket(id: string, settings: BucketSettings): Statement {
  return {
    text: `update storage.buckets b set public = coalesce($2::boolean, b.public),
        file_size_limit = case when $3 then $4::bigint else b.file_size_limit end,
        allowed_mime_types = case when $5 then $6::text[] else b.allowed_mime_types end,
        updated_at = now()
      where b.id = $1 returning b.id`,
    values: [
      id,
      settings.public === undefined ? null : String(settings.public),
      String(settings.file_size_limit !== undefined),
      nullable(settings.file_size_limit),
      String(settings.allowed_mime_types !== undefined),
      mimeTypes(settings.allowed_mime_types),
    ],
  };
}

export function deleteBucket(id: string): Statement {
  return { text: 'delete from storage.buckets b where b.id = $1 returning b.id', values: [id] };
}

const nullable = (value: number | null | undefined) => (value === null || value === undefined ? null : String(value));

/** A Postgres array literal of MIME types (each quoted), or null. */
function mimeTypes(types: string[] | null | undefined): string | null {
  if (!types) return null;
  return `{${types.map((t) => `"${t.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** The bucket as storage-api reads it as the superuser: its limits before an upload, whether it is public for a public read. */
export async function findBucketAsSuperuser(db: Database, id: string): Promise<BucketRow> {
  const [rows] = await db.run(serviceCaller, [selectBucket(id)], { readOnly: true });
  const bucket = firstJson<BucketRow>(rows);
  if (!bucket) throw errors.noSuchBucket();
  return bucket;
}
