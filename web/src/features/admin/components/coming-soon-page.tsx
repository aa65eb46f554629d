// /admin/products, /admin/users, /admin/analytics: not built yet; the spec asks only for a
// "Bientôt disponible" toast when one is opened.
import { Construction } from 'lucide-react';
import { useEffect } from 'react';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { toast } from '@/lib/toast-store';

export function ComingSoonPage({ title }: { title: string }) {
  useDocumentMeta({ title });
  useEffect(() => {
    toast({ title: 'Bientôt disponible' });
  }, [title]);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-4xl font-semibold text-plum-900">{title}</h1>
      <div className="rounded-3xl border border-dashed border-plum-200 bg-white/60 p-10 text-center">
        <Construction aria-hidden="true" className="mx-auto h-10 w-10 text-gold-500" />
      </div>
    </div>
  );
}
