// What stops a legal document's publication, as the administrator reads it: a seller field of
// Paramètres still empty ({{vendeur.*}}), an unknown placeholder, or an [[À COMPLÉTER : …]] passage.
const sellerFields: Record<string, string> = {
  'vendeur.nom': 'raison sociale',
  'vendeur.forme_juridique': 'forme juridique',
  'vendeur.adresse': 'adresse',
  'vendeur.siret': 'SIRET ou SIREN',
  'vendeur.tva': 'régime de TVA (et numéro de TVA)',
  'vendeur.email': 'e-mail de contact',
};

export function describeMissing(item: string): string {
  const field = sellerFields[item];
  if (field) return `Paramètres du vendeur : ${field}`;
  if (item.startsWith('À COMPLÉTER')) return `Passage à compléter : ${item.replace(/^À COMPLÉTER\s*:\s*/, '')}`;
  return `Champ inconnu : {{${item}}}`;
}
