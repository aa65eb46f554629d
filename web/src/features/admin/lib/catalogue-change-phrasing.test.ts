import { describe, expect, it } from 'vitest';
import {
  changeAuthor,
  changedFields,
  changeSubject,
  summarise,
  TEXT_SUMMARY_LENGTH,
  type CatalogueChangeFacts,
} from '@/features/admin/lib/catalogue-change-phrasing';

const change = (facts: Partial<CatalogueChangeFacts>): CatalogueChangeFacts => ({
  changed_by_role: 'authenticated',
  changed_by_email: 'marie@exemple.fr',
  changed_by_name: 'Marie Dupont',
  table_name: 'product_variants',
  operation: 'update',
  product_currency: 'eur',
  before: null,
  after: null,
  ...facts,
});

describe('changeAuthor', () => {
  it('names an administrator by name, else by e-mail', () => {
    expect(changeAuthor(change({}))).toBe('Marie Dupont');
    expect(changeAuthor(change({ changed_by_name: '  ' }))).toBe('marie@exemple.fr');
    expect(changeAuthor(change({ changed_by_name: null }))).toBe('marie@exemple.fr');
  });

  it('says « Compte supprimé » for an administrator whose account is gone', () => {
    expect(changeAuthor(change({ changed_by_name: null, changed_by_email: null }))).toBe('Compte supprimé');
  });

  it('says « Import » for the service role and « Système » for an operator or a migration', () => {
    expect(changeAuthor(change({ changed_by_role: 'service_role', changed_by_email: null, changed_by_name: null }))).toBe('Import');
    expect(changeAuthor(change({ changed_by_role: 'postgres', changed_by_email: null, changed_by_name: null }))).toBe('Système');
  });
});

describe('changeSubject', () => {
  it('names what was added or removed, in the right gender', () => {
    expect(changeSubject(change({ operation: 'insert', after: { title: 'PDF' } }))).toBe('Variante « PDF » ajoutée');
    expect(changeSubject(change({ operation: 'delete', before: { title: 'Audio' } }))).toBe('Variante « Audio » supprimée');
    expect(changeSubject(change({ table_name: 'products', operation: 'insert', after: { title: 'Rituel' } }))).toBe('Produit « Rituel » créé');
    expect(changeSubject(change({ table_name: 'products', operation: 'delete', before: { title: 'Rituel' } }))).toBe('Produit « Rituel » supprimé');
    expect(changeSubject(change({ table_name: 'product_images', operation: 'insert', after: { url: 'https://x/y.jpg', alt_text: null } }))).toBe('Image ajoutée');
  });

  it('says an update without a name: its fields say what changed', () => {
    expect(changeSubject(change({ table_name: 'products', before: { title: 'A' }, after: { title: 'B' } }))).toBe('Produit modifié');
    expect(changeSubject(change({ before: { title: 'A' }, after: { title: 'B' } }))).toBe('Variante modifiée');
  });
});

describe('changedFields', () => {
  it('says a price before → after as the storefront shows it', () => {
    expect(changedFields(change({ before: { price_in_cents: 1500 }, after: { price_in_cents: 1290 } }))).toEqual(['Prix\u00a0: 15,00\u00a0€ → 12,90\u00a0€']);
  });

  it('says a sale price added, and removed', () => {
    expect(changedFields(change({ before: { sale_price_in_cents: null }, after: { sale_price_in_cents: 990 } }))).toEqual([
      'Prix soldé\u00a0: aucun → 9,90\u00a0€',
    ]);
    expect(changedFields(change({ before: { sale_price_in_cents: 990 }, after: { sale_price_in_cents: null } }))).toEqual([
      'Prix soldé\u00a0: 9,90\u00a0€ → aucun',
    ]);
  });

  it('says prices in the product’s currency', () => {
    expect(changedFields(change({ product_currency: 'usd', before: { price_in_cents: 1000 }, after: { price_in_cents: 2000 } }))).toEqual([
      'Prix\u00a0: 10,00\u00a0$US → 20,00\u00a0$US',
    ]);
  });

  it('says every field an update changed, in French', () => {
    expect(
      changedFields(
        change({
          table_name: 'products',
          before: { title: 'Rituel', status: 'draft', purchasable: true, position: 3 },
          after: { title: 'Rituel du soir', status: 'published', purchasable: false, position: 1 },
        }),
      ),
    ).toEqual([
      'Titre\u00a0: « Rituel » → « Rituel du soir »',
      'Statut\u00a0: Brouillon → Publié',
      'En vente\u00a0: oui → non',
      'Position\u00a0: 3 → 1',
    ]);
    expect(changedFields(change({ before: { inventory_quantity: 5 }, after: { inventory_quantity: 3 } }))).toEqual(['Stock\u00a0: 5 → 3']);
    expect(changedFields(change({ table_name: 'products', before: { subtitle: null }, after: { subtitle: 'Nouveau' } }))).toEqual([
      'Sous-titre\u00a0: vide → « Nouveau »',
    ]);
  });

  it('summarises a long HTML description rather than dumping it', () => {
    const long = `<p>${'Une méditation guidée pour retrouver le calme. '.repeat(20)}</p>`;
    const [line] = changedFields(change({ table_name: 'products', before: { description: null }, after: { description: long } }));
    expect(line).toMatch(/^Description\u00a0: vide → « Une méditation guidée pour retrouver le calme\. Une .*… »$/);
    expect(line).not.toContain('<p>');
    expect(line!.length).toBeLessThan(TEXT_SUMMARY_LENGTH + 40);
  });

  it('says a retirement as a date in Paris time', () => {
    expect(changedFields(change({ before: { retired_at: null }, after: { retired_at: '2026-07-14T08:30:00Z' } }))).toEqual([
      'Retirée le\u00a0: jamais → 14 juillet 2026 à 10:30',
    ]);
  });

  it('has no fields for an insert or a delete', () => {
    expect(changedFields(change({ operation: 'insert', after: { title: 'PDF', price_in_cents: 100 } }))).toEqual([]);
    expect(changedFields(change({ operation: 'delete', before: { title: 'PDF' } }))).toEqual([]);
  });
});

describe('summarise', () => {
  it('keeps a short text whole, without its tags and extra spaces', () => {
    expect(summarise('<p>Un  <strong>beau</strong>\n texte</p>')).toBe('Un beau texte');
  });

  it('cuts a long text at a word', () => {
    const text = 'mot '.repeat(40);
    const summary = summarise(text);
    expect(summary.endsWith('mot…')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(TEXT_SUMMARY_LENGTH + 1);
  });
});
