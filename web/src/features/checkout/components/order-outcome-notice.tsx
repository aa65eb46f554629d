import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { orderOutcomeMessages, type OrderOutcomeAction } from '@/features/checkout/lib/order-outcome-messages';
import type { OrderOutcome } from '@/features/checkout/lib/record-order-outcome';
import { useCurrentPath } from '@/lib/navigation';

interface OrderOutcomeNoticeProps {
  outcome: OrderOutcome;
  /** Asks `record-order` again; only the outcomes whose message offers a retry use it. */
  onRetry: () => void;
}

/** /success when there is no recorded order to thank for: what happened and what to do next. */
export function OrderOutcomeNotice({ outcome, onRetry }: OrderOutcomeNoticeProps) {
  const here = useCurrentPath();
  const { title, description, actions } = orderOutcomeMessages[outcome];
  const first = actions[0];
  const style = (action: OrderOutcomeAction) => buttonVariants({ variant: action === first ? 'primary' : 'outline', size: 'lg' });

  return (
    <div role="alert" className="mx-auto max-w-xl space-y-6 py-12 text-center">
      <CircleAlert aria-hidden="true" className="mx-auto h-16 w-16 text-plum-700" />
      <h1 className="text-4xl font-semibold text-plum-900">{title}</h1>
      <p className="text-lg text-mist">{description}</p>
      <div className="flex flex-wrap justify-center gap-4">
        {actions.map((action) => {
          switch (action) {
            case 'retry':
              return (
                <button key={action} type="button" onClick={onRetry} className={style(action)}>
                  Réessayer
                </button>
              );
            case 'login':
              // The login page sends the buyer back here, checkout id included.
              return (
                <Link key={action} to="/login" state={{ from: here }} className={style(action)}>
                  Se connecter
                </Link>
              );
            case 'store':
              return (
                <Link key={action} to="/store" className={style(action)}>
                  Retour à la boutique
                </Link>
              );
            case 'contact':
              return (
                <Link key={action} to="/contact" className={style(action)}>
                  Nous contacter
                </Link>
              );
          }
        })}
      </div>
    </div>
  );
}
