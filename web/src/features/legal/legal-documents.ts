// The three legal documents the shop publishes (issue #22), by the database's `kind`: where the
// storefront shows each one and under which title.
export type LegalKind = 'mentions-legales' | 'cgv' | 'confidentialite';

export const legalDocuments: Record<LegalKind, { path: string; title: string }> = {
  'mentions-legales': { path: '/mentions-legales', title: 'Mentions légales' },
  cgv: { path: '/cgv', title: 'Conditions générales de vente' },
  confidentialite: { path: '/confidentialite', title: 'Politique de confidentialité' },
};

export const legalKinds = Object.keys(legalDocuments) as LegalKind[];

/** The page of one published version: `/cgv?version=3`. */
export const legalVersionPath = (kind: LegalKind, version: number) => `${legalDocuments[kind].path}?version=${version}`;
