// A catalogue change (catalogue_changes, through admin_catalogue_history()) said in French for a
// person: who made it, what it touched, and each changed field before → after. Prices are said as
// the storefront shows them; a long text (an HTML description) is summarised, never dumped.
import { formatParisDateTime } from '@/features/admin/lib/paris-date-time';
import { formatPrice } from '@/lib/format-price';

export interface CatalogueChangeFacts {
  changed_by_role: string;
  changed_by_email: string | null;
  changed_by_name: string | null;
  table_name: string;
  operation: string;
  product_currency: string | null;
  before: unknown;
  after: unknown;
}

type Row = Record<string, unknown>;

/** The longest text shown whole; a longer one is cut at a word and ends with « … ». */
export const TEXT_SUMMARY_LENGTH = 80;

/** An administrator by name, else e-mail; the service role is an import; anything else, the system. */
export function changeAuthor(change: CatalogueChangeFacts): string {
  if (change.changed_by_role === 'service_role') return 'Import';
  if (change.changed_by_role !== 'authenticated') return 'Système';
  return change.changed_by_name?.trim() || change.changed_by_email || 'Compte supprimé';
}

const things: Record<string, { name: string; feminine: boolean; titleKey?: string }> = {
  products: { name: 'Produit', feminine: false, titleKey: 'title' },
  product_variants: { name: 'Variante', feminine: true, titleKey: 'title' },
  product_options: { name: 'Option', feminine: true, titleKey: 'title' },
  product_option_values: { name: 'Valeur d’option', feminine: true, titleKey: 'value' },
  product_images: { name: 'Image', feminine: true, titleKey: 'alt_text' },
  collections: { name: 'Collection', feminine: true, titleKey: 'title' },
  product_collections: { name: 'Place dans une collection', feminine: true },
  product_additional_info: { name: 'Section d’informations', feminine: true, titleKey: 'title' },
  product_custom_fields: { name: 'Champ à remplir', feminine: false, titleKey: 'title' },
  related_products: { name: 'Produit associé', feminine: false, titleKey: 'section_title' },
};

const verbs = {
  insert: ['ajouté', 'ajoutée'],
  update: ['modifié', 'modifiée'],
  delete: ['supprimé', 'supprimée'],
} as const;

const quoted = (text: string) => `« ${text} »`;

const asRow = (value: unknown): Row => (value && typeof value === 'object' ? (value as Row) : {});

/** « Variante « PDF » ajoutée », « Produit modifié ». */
export function changeSubject(change: CatalogueChangeFacts): string {
  const thing = things[change.table_name] ?? { name: change.table_name, feminine: false };
  const verbForms = verbs[change.operation as keyof typeof verbs] ?? verbs.update;
  const verb = verbForms[thing.feminine ? 1 : 0];
  const row = change.operation === 'delete' ? asRow(change.before) : asRow(change.after);
  const title = thing.titleKey ? row[thing.titleKey] : undefined;
  const named = change.operation !== 'update' && typeof title === 'string' && title.trim() ? ` ${quoted(summarise(title))}` : '';
  if (change.table_name === 'products' && change.operation === 'insert') return `Produit${named} créé`;
  return `${thing.name}${named} ${verb}`;
}

const fieldLabels: Record<string, string> = {
  title: 'Titre',
  subtitle: 'Sous-titre',
  ribbon_text: 'Bandeau',
  description: 'Description',
  position: 'Position',
  status: 'Statut',
  purchasable: 'En vente',
  site_product_selection: 'Sélection du site',
  type: 'Type',
  currency: 'Devise',
  metadata: 'Données techniques',
  deleted_at: 'Supprimé le',
  sku: 'Référence',
  image_url: 'Image',
  price_in_cents: 'Prix',
  sale_price_in_cents: 'Prix soldé',
  manage_inventory: 'Stock suivi',
  inventory_quantity: 'Stock',
  weight: 'Poids',
  retired_at: 'Retirée le',
  url: 'Adresse',
  alt_text: 'Texte alternatif',
  value: 'Valeur',
  is_required: 'Obligatoire',
  section_title: 'Titre de la section',
  related_type: 'Type de lien',
  related_id: 'Produit lié',
};

const statusLabels: Record<string, string> = { draft: 'Brouillon', published: 'Publié' };
const priceFields = new Set(['price_in_cents', 'sale_price_in_cents']);
const dateFields = new Set(['deleted_at', 'retired_at']);

/** A text without its HTML, its spaces collapsed, cut at a word past TEXT_SUMMARY_LENGTH. */
export function summarise(text: string): string {
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  if (plain.length <= TEXT_SUMMARY_LENGTH) return plain;
  const cut = plain.slice(0, TEXT_SUMMARY_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > TEXT_SUMMARY_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function fieldValue(field: string, value: unknown, currency: string | null): string {
  if (value === null || value === undefined || value === '') {
    if (field === 'sale_price_in_cents') return 'aucun';
    return dateFields.has(field) ? 'jamais' : 'vide';
  }
  if (priceFields.has(field) && typeof value === 'number') return formatPrice(value, currency ?? 'eur');
  if (field === 'status' && typeof value === 'string') return statusLabels[value] ?? value;
  if (dateFields.has(field) && typeof value === 'string') return formatParisDateTime(value);
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return quoted(summarise(value));
  return 'modifiées';
}

/** Each field an update changed, « Prix : 15,00 € → 12,00 € »; an insert or a delete has none. */
export function changedFields(change: CatalogueChangeFacts): string[] {
  if (change.operation !== 'update') return [];
  const before = asRow(change.before);
  const after = asRow(change.after);
  return Object.keys(after).map((field) => {
    const label = fieldLabels[field] ?? field;
    if (field === 'metadata') return `${label} modifiées`;
    return `${label}\u00a0: ${fieldValue(field, before[field], change.product_currency)} → ${fieldValue(field, after[field], change.product_currency)}`;
  });
}
