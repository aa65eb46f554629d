// The fellowship's catalogue as the sandbox sells it: teachings (PDF), guided meditations
// (audio), rituals (video) and a bundle. Plain data; catalogue.ts turns it into the store API's
// shapes. Ids are stable so the seed can map variants to their digital files.

export type FileKind = 'pdf' | 'audio' | 'video' | 'other';

export interface VariantSeed {
  /** Suffix of the variant id and the option value's slug. */
  key: string;
  label: string;
  priceInCents: number;
  salePriceInCents?: number;
  /** Managed inventory when set. */
  stock?: number;
}

export interface ProductSeed {
  slug: string;
  title: string;
  subtitle: string;
  kind: FileKind;
  descriptionHtml: string;
  ribbon?: string;
  purchasable?: boolean;
  selection?: 'lowest_price_first' | 'first_variant' | null;
  imageCount: number;
  /** Variants under one option; a product without option has a single variant. */
  option?: { title: string; variants: VariantSeed[] };
  single?: Omit<VariantSeed, 'key' | 'label'>;
}

export const productSeeds: ProductSeed[] = [
  {
    slug: 'eveil-du-coeur',
    title: "L'Éveil du Cœur",
    subtitle: 'Enseignement fondateur',
    kind: 'pdf',
    ribbon: 'Nouveau',
    imageCount: 3,
    descriptionHtml:
      "<p>Le premier enseignement de la communauté : <strong>ouvrir le cœur</strong> à la présence qui nous habite. Au fil de sept chapitres, le Maître Élian guide le lecteur de l'écoute du souffle jusqu'à la gratitude vécue au quotidien.</p><ul><li>84 pages illustrées</li><li>Exercices de contemplation</li><li>Un carnet de pratique à imprimer</li></ul>",
    single: { priceInCents: 2900 },
  },
  {
    slug: 'sept-portes',
    title: 'Les Sept Portes de la Conscience',
    subtitle: 'Enseignement avancé',
    kind: 'pdf',
    ribbon: 'Promo',
    imageCount: 2,
    descriptionHtml:
      '<p>Sept portes, sept passages intérieurs. Cet enseignement décrit les étapes de l’éveil telles que la tradition les transmet, avec des pratiques pour chacune.</p><ul><li>Texte intégral</li><li>Méditations associées</li></ul>',
    single: { priceInCents: 3900, salePriceInCents: 2900 },
  },
  {
    slug: 'souffle-sacre',
    title: 'Le Souffle Sacré',
    subtitle: 'Enseignement sur la respiration',
    kind: 'pdf',
    imageCount: 1,
    descriptionHtml: '<p>La respiration comme prière : un enseignement simple et profond pour revenir à l’instant présent.</p>',
    single: { priceInCents: 1900 },
  },
  {
    slug: 'chemin-interieur',
    title: 'Le Chemin Intérieur',
    subtitle: 'Enseignement en deux éditions',
    kind: 'pdf',
    selection: 'first_variant',
    imageCount: 2,
    descriptionHtml: '<p>Le livre de chevet de la communauté, en édition <strong>standard</strong> ou <strong>annotée</strong> par le Maître.</p>',
    option: {
      title: 'Édition',
      variants: [
        { key: 'standard', label: 'Standard', priceInCents: 2400 },
        { key: 'annotee', label: 'Annotée', priceInCents: 3400 },
      ],
    },
  },
  {
    slug: 'meditation-lumiere-interieure',
    title: 'Méditation de la Lumière Intérieure',
    subtitle: 'Méditation guidée',
    kind: 'audio',
    imageCount: 3,
    descriptionHtml:
      '<p>Une méditation guidée pour accueillir la lumière intérieure et laisser se dissoudre les tensions du jour. Trois durées, pour chaque moment de la journée.</p><ul><li>Voix du Maître Élian</li><li>Musique originale</li></ul>',
    option: {
      title: 'Durée',
      variants: [
        { key: '10-minutes', label: '10 minutes', priceInCents: 900 },
        { key: '20-minutes', label: '20 minutes', priceInCents: 1400 },
        { key: '45-minutes', label: '45 minutes', priceInCents: 2400, salePriceInCents: 1900 },
      ],
    },
  },
  {
    slug: 'coeur-apaise',
    title: 'Méditation du Cœur Apaisé',
    subtitle: 'Méditation guidée',
    kind: 'audio',
    imageCount: 1,
    descriptionHtml: '<p>Vingt minutes pour apaiser le cœur et retrouver la douceur envers soi-même.</p>',
    single: { priceInCents: 1200 },
  },
  {
    slug: 'sommeil-profond',
    title: 'Méditation du Sommeil Profond',
    subtitle: 'Édition limitée',
    kind: 'audio',
    ribbon: 'Édition limitée',
    imageCount: 1,
    descriptionHtml: '<p>Une méditation du soir enregistrée en public lors de la retraite d’hiver, proposée en nombre limité.</p>',
    single: { priceInCents: 1500, stock: 3 },
  },
  {
    slug: 'gratitude',
    title: 'Méditation de la Gratitude',
    subtitle: 'Méditation guidée',
    kind: 'audio',
    ribbon: 'Promo',
    imageCount: 1,
    descriptionHtml: '<p>Cultiver la gratitude, jour après jour, en quinze minutes.</p>',
    single: { priceInCents: 900, salePriceInCents: 700 },
  },
  {
    slug: 'voyage-chakras',
    title: 'Voyage à travers les Chakras',
    subtitle: 'Méditation guidée',
    kind: 'audio',
    imageCount: 2,
    descriptionHtml: '<p>Un voyage sonore à travers les sept centres d’énergie, du souffle racine à la couronne.</p>',
    option: {
      title: 'Durée',
      variants: [
        { key: '30-minutes', label: '30 minutes', priceInCents: 1900 },
        { key: '60-minutes', label: '60 minutes', priceInCents: 2900 },
      ],
    },
  },
  {
    slug: 'rituel-pleine-lune',
    title: 'Rituel de la Pleine Lune',
    subtitle: 'Rituel filmé',
    kind: 'video',
    imageCount: 4,
    descriptionHtml:
      '<p>Le rituel de la pleine lune tel qu’il est célébré dans la communauté : préparation, intention, chant et clôture. Filmé en lumière naturelle.</p><ul><li>Vidéo du rituel complet</li><li>Livret des intentions (édition HD + livret)</li></ul>',
    option: {
      title: 'Qualité',
      variants: [
        { key: 'hd', label: 'HD', priceInCents: 4900 },
        { key: 'hd-livret', label: 'HD + livret', priceInCents: 5900 },
      ],
    },
  },
  {
    slug: 'rituel-aube',
    title: "Rituel de l'Aube",
    subtitle: 'Rituel filmé',
    kind: 'video',
    imageCount: 2,
    descriptionHtml: '<p>Accueillir le jour nouveau : un rituel court pour les matins.</p>',
    single: { priceInCents: 3900 },
  },
  {
    slug: 'rituel-purification',
    title: 'Rituel de Purification',
    subtitle: 'Rituel filmé',
    kind: 'video',
    ribbon: 'Épuisé',
    imageCount: 1,
    descriptionHtml: '<p>Le rituel de purification de la retraite d’automne, en nombre limité.</p>',
    single: { priceInCents: 4500, stock: 0 },
  },
  {
    slug: 'rituel-solstice',
    title: 'Rituel du Solstice',
    subtitle: 'Bientôt disponible',
    kind: 'video',
    ribbon: 'Bientôt',
    purchasable: false,
    imageCount: 1,
    descriptionHtml: '<p>Le grand rituel du solstice d’été sera disponible après la célébration.</p>',
    single: { priceInCents: 5500 },
  },
  {
    slug: 'flamme-interieure',
    title: 'Rituel de la Flamme Intérieure',
    subtitle: 'Rituel filmé',
    kind: 'video',
    imageCount: 1,
    descriptionHtml: '<p>Une bougie, un silence, une intention : le rituel le plus simple de la tradition.</p>',
    single: { priceInCents: 2900 },
  },
  {
    slug: 'art-du-silence',
    title: "L'Art du Silence",
    subtitle: 'Enseignement',
    kind: 'pdf',
    imageCount: 1,
    descriptionHtml: '<p>Ce que le silence enseigne, et comment l’habiter.</p>',
    single: { priceInCents: 2200 },
  },
  {
    slug: 'carnet-intentions',
    title: "Carnet d'Intentions Sacrées",
    subtitle: 'Carnet à imprimer',
    kind: 'pdf',
    imageCount: 1,
    descriptionHtml: '<p>Un carnet de 52 semaines pour poser ses intentions et en garder la trace.</p>',
    single: { priceInCents: 1200, salePriceInCents: 900 },
  },
  {
    slug: 'coffret-chemin-lumiere',
    title: 'Coffret Chemin de Lumière',
    subtitle: 'Enseignement, méditations et rituel réunis',
    kind: 'other',
    ribbon: 'Promo',
    imageCount: 3,
    descriptionHtml:
      '<p>Le coffret réunit <strong>L’Éveil du Cœur</strong>, la <strong>Méditation de la Lumière Intérieure</strong> et le <strong>Rituel de la Pleine Lune</strong> en une archive à télécharger.</p>',
    single: { priceInCents: 9900, salePriceInCents: 7900, stock: 25 },
  },
];

/**
 * Products the store holds as drafts: its storefront neither lists nor sells them, its Ecommerce API
 * lists them (with the owner's token), as an import through that API finds them.
 */
export const draftProductSeeds: ProductSeed[] = [
  {
    slug: 'silence-habite',
    title: 'Le Silence Habité',
    subtitle: 'Enseignement en préparation',
    kind: 'pdf',
    imageCount: 0,
    descriptionHtml: '<p>Un enseignement à paraître sur le silence intérieur.</p>',
    option: {
      title: 'Édition',
      variants: [
        { key: 'standard', label: 'Standard', priceInCents: 2100 },
        { key: 'annotee', label: 'Annotée', priceInCents: 2900, salePriceInCents: 2500 },
      ],
    },
  },
];
