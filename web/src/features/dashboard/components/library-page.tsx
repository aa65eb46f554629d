// /dashboard/library: the digital items of the customer's orders.
import { Library } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useLibrary } from '@/features/dashboard/api/get-library';
import { useReadingPositions } from '@/features/dashboard/api/reading-positions';
import { LibraryCard } from '@/features/dashboard/components/library-card';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';
import { toast } from '@/lib/toast-store';

export default function LibraryPage() {
  useDocumentMeta({ title: 'Bibliothèque' });
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Bibliothèque</h1>
        <p className="mt-2 text-mist">Vos enseignements, méditations et rituels, à télécharger quand vous le souhaitez.</p>
      </header>
      {user ? <LibraryGrid userId={user.id} /> : <Spinner label="Chargement…" />}
    </div>
  );
}

function LibraryGrid({ userId }: { userId: string }) {
  const library = useLibrary(userId);
  // Progress is extra: the cards show without it when it cannot be read.
  const positions = useReadingPositions(userId);

  useEffect(() => {
    if (library.isError) {
      console.error('Loading the library failed:', library.error);
      toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible de récupérer vos produits numériques.' });
    }
  }, [library.isError, library.error]);

  if (library.isPending) return <Spinner label="Chargement…" />;
  if (library.isError) return null;
  if (library.data.length === 0) {
    return (
      <div className="rounded-3xl border border-plum-100 bg-white p-10 text-center shadow-sm">
        <Library aria-hidden="true" className="mx-auto h-10 w-10 text-gold-500" />
        <p className="mt-4 font-serif text-2xl text-plum-900">Votre bibliothèque est vide</p>
        <Link to="/store" className={buttonVariants({ variant: 'gold', className: 'mt-6' })}>
          Découvrir la boutique
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
      {library.data.map((item) => (
        <li key={item.id} className="flex">
          <LibraryCard item={item} saved={positions.data?.get(item.id)} />
        </li>
      ))}
    </ul>
  );
}
