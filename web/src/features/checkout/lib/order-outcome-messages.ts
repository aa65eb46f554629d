// What the buyer reads on /success when no order is recorded (yet): a title, one honest sentence
// and what they can do next. « Paiement reçu » belongs to the thank-you, and to a payment the shop
// has seen but must attach by hand ('needs-review').
import type { OrderOutcome } from '@/features/checkout/lib/record-order-outcome';

/** retry: ask `record-order` again; login: sign in and come back here; store, contact: links. */
export type OrderOutcomeAction = 'retry' | 'login' | 'store' | 'contact';

export interface OrderOutcomeMessage {
  title: string;
  description: string;
  actions: OrderOutcomeAction[];
}

export const orderOutcomeMessages: Record<OrderOutcome, OrderOutcomeMessage> = {
  'missing-checkout': {
    title: 'Aucune commande à afficher',
    description: 'Ce lien ne contient pas de référence de commande. Vos commandes se trouvent dans votre espace ; la boutique vous attend.',
    actions: ['store'],
  },
  'signed-out': {
    title: 'Connectez-vous pour retrouver votre commande',
    description: 'Votre commande est liée à votre compte. Connectez-vous avec l’adresse utilisée lors de l’achat pour voir sa confirmation.',
    actions: ['login'],
  },
  'not-found': {
    title: 'Commande introuvable',
    description: 'Aucun paiement de votre compte ne correspond à ce lien. Si vous avez payé avec un autre compte, connectez-vous avec celui-ci ; sinon, contactez-nous.',
    actions: ['store', 'contact'],
  },
  'not-paid': {
    title: 'Paiement non finalisé',
    description: 'Ce paiement n’a pas encore été confirmé : aucune commande n’est enregistrée. Si vous venez de payer, vérifiez à nouveau dans un instant.',
    actions: ['retry', 'store'],
  },
  // A delayed debit (Stripe's SEPA) the bank has not settled yet: no error, and nothing to redo; the
  // order is recorded, and the confirmation e-mail sent, once the bank confirms it.
  processing: {
    title: 'Paiement en cours de traitement',
    description: 'Votre banque confirme ce prélèvement sous quelques jours. Votre commande sera enregistrée et l’e-mail de confirmation envoyé dès sa confirmation ; vous n’avez rien à refaire.',
    actions: ['retry', 'store'],
  },
  // That debit refused by the buyer's bank: nothing was taken, nothing will be; the cart is kept to
  // pay another way. Asking again would answer the same.
  declined: {
    title: 'Paiement refusé',
    description: 'Votre banque a refusé ce prélèvement : aucune commande n’est enregistrée et rien ne vous sera débité. Votre panier est conservé : vous pouvez payer autrement.',
    actions: ['store', 'contact'],
  },
  // The one outcome whose payment the shop has seen: several payments could be this checkout's, and
  // the administrator attaches the right one by hand; the confirmation e-mail leaves then.
  'needs-review': {
    title: 'Paiement en cours de vérification',
    description: 'Votre paiement a bien été reçu, mais nous devons le rattacher à votre commande à la main. Vous recevrez l’e-mail de confirmation dès que ce sera fait ; vous n’avez rien à refaire.',
    actions: ['store', 'contact'],
  },
  // Spec §8's order failure, with a retry: the network or the commerce service may be back.
  failed: {
    title: 'Commande non enregistrée',
    description: "Impossible d'enregistrer la commande. Veuillez nous contacter.",
    actions: ['retry', 'contact'],
  },
};
