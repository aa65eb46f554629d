// What the buyer reads on /success when no order is recorded (yet): a title, one honest sentence
// and what they can do next. « Paiement reçu » belongs to the thank-you alone.
import type { OrderOutcome } from '@/features/checkout/lib/record-order-outcome';

/** retry: ask `record-order` again; login: sign in and come back here; store, contact: links. */
export type OrderOutcomeAction = 'retry' | 'login' | 'store' | 'contact';

export interface OrderOutcomeMessage {
  title: string;
  description: string;
  actions: OrderOutcomeAction[];
}

export const orderOutcomeMessages: Record<OrderOutcome, OrderOutcomeMessage> = {
  'missing-session': {
    title: 'Aucune commande à afficher',
    description: 'Ce lien ne contient pas de référence de paiement. Vos commandes se trouvent dans votre espace ; la boutique vous attend.',
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
  canceled: {
    title: 'Paiement annulé',
    description: 'Ce paiement a été annulé : aucune commande n’a été enregistrée. Vous pouvez reprendre vos achats quand vous le souhaitez.',
    actions: ['store'],
  },
  expired: {
    title: 'Session de paiement expirée',
    description: 'Ce paiement n’a pas été finalisé à temps : aucune commande n’a été enregistrée. Veuillez recommencer votre commande depuis la boutique.',
    actions: ['store'],
  },
  mismatch: {
    title: 'Paiement à vérifier',
    description: 'Ce paiement ne correspond pas au panier préparé. Notre équipe va le vérifier et vous contactera par email ; vous n’avez rien à refaire.',
    actions: ['contact'],
  },
  // Spec §8's order failure, with a retry: the network or the commerce service may be back.
  failed: {
    title: 'Commande non enregistrée',
    description: "Impossible d'enregistrer la commande. Veuillez nous contacter.",
    actions: ['retry', 'contact'],
  },
};
