import { LegalDocumentPage } from '@/features/legal/components/legal-document-page';

export default function MentionsLegalesRoute() {
  return <LegalDocumentPage kind="mentions-legales" />;
}
