import { NotFound } from '@/components/errors/not-found';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export default function NotFoundRoute() {
  useDocumentMeta({ title: 'Page introuvable' });
  return (
    <div className="px-4">
      <NotFound />
    </div>
  );
}
