import { LegalDocumentPage } from '@/features/legal/components/legal-document-page';

export default function ConfidentialiteRoute() {
  return <LegalDocumentPage kind="confidentialite" />;
}
