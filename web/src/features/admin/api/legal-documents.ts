// The legal documents' drafts (legal_documents: administrators read and edit them under RLS),
// their preview and publication (preview_legal_document, publish_legal_document: administrators
// only, 42501 otherwise), and the versions already published (legal_document_versions).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import type { LegalKind } from '@/features/legal/legal-documents';
import { supabase } from '@/lib/supabase';

export interface LegalDraft {
  kind: LegalKind;
  title: string;
  draft_markdown: string;
  updated_at: string;
}

export interface PublishedVersion {
  kind: LegalKind;
  version: number;
  published_at: string;
}

/** The draft as it would be published: the seller's identity filled in, and what is still missing. */
export interface LegalPreview {
  markdown: string;
  missing: string[];
}

/** publish_legal_document's PT409: the placeholders and markers still empty. */
export class PublicationRefusedError extends Error {
  constructor(readonly missing: string[]) {
    super('publication refused: missing mentions');
  }
}

export function useLegalDrafts() {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.legalDrafts,
      queryFn: async () => {
        const { data, error } = await supabase.from('legal_documents').select('kind, title, draft_markdown, updated_at').order('kind');
        if (error) throw error;
        return data as LegalDraft[];
      },
    }),
  );
}

export function useLegalVersions() {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.legalVersions,
      queryFn: async () => {
        const { data, error } = await supabase.from('legal_document_versions').select('kind, version, published_at').order('version', { ascending: false });
        if (error) throw error;
        return data as PublishedVersion[];
      },
    }),
  );
}

export async function previewLegalDocument(markdown: string): Promise<LegalPreview> {
  const { data, error } = await supabase.rpc('preview_legal_document', { p_markdown: markdown });
  if (error) throw error;
  return data as unknown as LegalPreview;
}

export function useSaveLegalDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, markdown }: { kind: LegalKind; markdown: string }) => {
      const { error } = await supabase.from('legal_documents').update({ draft_markdown: markdown }).eq('kind', kind);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.legalDrafts }),
  });
}

/** Saves the draft as edited, then publishes it; resolves with the new version's number. */
export function usePublishLegalDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, markdown }: { kind: LegalKind; markdown: string }) => {
      const saved = await supabase.from('legal_documents').update({ draft_markdown: markdown }).eq('kind', kind);
      if (saved.error) throw saved.error;
      const { data, error } = await supabase.rpc('publish_legal_document', { p_kind: kind });
      if (error?.code === 'PT409') throw new PublicationRefusedError((error.hint ?? '').split(' | ').filter(Boolean));
      if (error) throw error;
      return data;
    },
    onSettled: () => Promise.all([adminKeys.legalDrafts, adminKeys.legalVersions].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
