import { CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export function OrderProcessing() {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center">
      <Spinner size="lg" />
      <p role="status" className="text-lg text-plum-900">
        Traitement de votre commande…
      </p>
    </div>
  );
}

export function OrderConfirmation() {
  return (
    <div className="mx-auto max-w-xl space-y-6 py-12 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto h-16 w-16 text-emerald-700" />
      <h1 className="text-4xl font-semibold text-plum-900 md:text-5xl">Merci pour votre commande !</h1>
      <p className="text-lg text-mist">
        Votre paiement a bien été reçu. Vos enseignements vous attendent dans votre bibliothèque : que cette lumière vous accompagne.
      </p>
      <div className="flex flex-wrap justify-center gap-4">
        <Link to="/store" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          Continuer mes achats
        </Link>
        <Link to="/profile" className={buttonVariants({ size: 'lg' })}>
          Voir mon espace
        </Link>
      </div>
    </div>
  );
}
