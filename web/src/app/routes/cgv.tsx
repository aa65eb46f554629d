import { LegalDocumentPage } from '@/features/legal/components/legal-document-page';

export default function CgvRoute() {
  return <LegalDocumentPage kind="cgv" />;
}
