// A published legal document (legal_document_versions, readable by anyone): the version in force,
// or an older one asked by number (/cgv?version=N, the CGV an order's buyer accepted).
import { queryOptions } from '@tanstack/react-query';
import type { LegalKind } from '@/features/legal/legal-documents';
import { loadSupabase } from '@/lib/supabase-loader';

export interface LegalVersion {
  kind: LegalKind;
  version: number;
  title: string;
  body_markdown: string;
  published_at: string;
}

/** The asked version (the one in force when `version` is null) and the number of the one in force; null when there is no such version. */
export async function getLegalVersion(kind: LegalKind, version: number | null): Promise<{ document: LegalVersion; latest: number } | null> {
  const supabase = await loadSupabase();
  const versions = supabase.from('legal_document_versions').select('kind, version, title, body_markdown, published_at').eq('kind', kind);
  const [asked, latest] = await Promise.all([
    version === null ? versions.order('version', { ascending: false }).limit(1).maybeSingle() : versions.eq('version', version).maybeSingle(),
    supabase.from('legal_document_versions').select('version').eq('kind', kind).order('version', { ascending: false }).limit(1).maybeSingle(),
  ]);
  if (asked.error) throw asked.error;
  if (latest.error) throw latest.error;
  return asked.data && latest.data ? { document: asked.data as LegalVersion, latest: latest.data.version } : null;
}

export const legalVersionQueryOptions = (kind: LegalKind, version: number | null) =>
  queryOptions({ queryKey: ['legal', kind, version], queryFn: () => getLegalVersion(kind, version), staleTime: 5 * 60_000 });
