// The public pages' titles and descriptions: what each page sets while it is shown
// (useDocumentMeta) and what the build writes into its HTML for crawlers and link previews
// (src/prerender), from this one list so the two never differ.

export interface PublicPage {
  path: string;
  title: string;
  description: string;
}

export const publicPages = {
  home: {
    path: '/',
    title: 'Accueil',
    description: 'Lumière Sacrée : enseignements, méditations et rituels numériques pour accompagner votre chemin spirituel.',
  },
  store: {
    path: '/store',
    title: 'Boutique',
    description: 'Enseignements en PDF, méditations guidées et rituels filmés de la communauté Lumière Sacrée, à télécharger dès votre achat et à vivre à votre rythme.',
  },
  about: {
    path: '/about',
    title: 'À Propos',
    description: 'La mission, la vision et les trois principes de Lumière Sacrée : transparence, guidance et éveil sacré, sous la guidance de Maître Séraphin Delorme.',
  },
  faq: {
    path: '/faq',
    title: 'FAQ',
    description: 'Les réponses aux questions les plus fréquentes : accès à vos achats numériques, compte, paiement sécurisé, enseignements pour débutants, contact avec l’équipe.',
  },
  contact: {
    path: '/contact',
    title: 'Contact',
    description: 'Une question, un besoin d’accompagnement, un simple merci ? Écrivez à l’équipe de Lumière Sacrée : nous vous répondons sous 48 heures.',
  },
} as const satisfies Record<string, PublicPage>;
