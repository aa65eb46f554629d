import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';

export function NotFound() {
  return (
    <div className="mx-auto max-w-xl space-y-6 py-20 text-center">
      <p className="font-serif text-7xl text-gold-700">404</p>
      <h1 className="text-4xl font-semibold text-plum-900">Page introuvable</h1>
      <p className="text-mist">Ce chemin ne mène nulle part… mais chaque détour peut ramener à l'essentiel.</p>
      <Link to="/" className={buttonVariants({ size: 'lg' })}>
        Retour à l'accueil
      </Link>
    </div>
  );
}
