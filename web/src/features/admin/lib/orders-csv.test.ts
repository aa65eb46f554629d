import { describe, expect, it } from 'vitest';
import type { ExportedOrder } from '@/features/admin/api/export-orders';
import { csvAmount, csvField, ordersCsv, ordersCsvFileName } from '@/features/admin/lib/orders-csv';

const order = (overrides: Partial<ExportedOrder> = {}): ExportedOrder => ({
  created_at: '2026-07-14T21:30:05+00:00',
  order_id: '00000000-0000-4000-8000-000000000001',
  customer_email: 'alice@example.test',
  customer_name: 'Alice Lumière',
  status: 'completed',
  items: '1 × Méditation du soir',
  total_amount_cents: 123450,
  currency: 'eur',
  payment_status: 'paid',
  refunded_amount_cents: 0,
  credit_notes: null as unknown as string,
  ...overrides,
});

describe('ordersCsv', () => {
  it('starts with a byte-order mark and French column names separated by semicolons', () => {
    const csv = ordersCsv([]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe('Date;Heure;Numéro de commande;Client;E-mail;Produits;Statut;Montant TTC;Devise;Remboursé TTC;Avoirs;Net TTC\r\n');
  });

  it('writes one line per order: Paris date and time, French status, amount with a decimal comma', () => {
    const [, line] = ordersCsv([order()]).split('\r\n');
    expect(line).toBe('14/07/2026;23:30:05;00000000-0000-4000-8000-000000000001;Alice Lumière;alice@example.test;1 × Méditation du soir;Payée;1234,50;EUR;0,00;;1234,50');
  });

  it('names each status in French', () => {
    const statuses = ['pending', 'refunded', 'canceled'].map((status) => ordersCsv([order({ status })]).split('\r\n')[1]!.split(';')[6]);
    expect(statuses).toEqual(['En attente', 'Remboursée', 'Annulée']);
  });

  it('is net of refunds: the amount refunded, the credit notes, what the order brought in', () => {
    const [, line] = ordersCsv([order({ payment_status: 'partially_refunded', refunded_amount_cents: 2900, credit_notes: 'AV-2026-000001, AV-2026-000002' })]).split('\r\n');
    expect(line!.split(';').slice(6)).toEqual(['Partiellement remboursée', '1234,50', 'EUR', '29,00', 'AV-2026-000001, AV-2026-000002', '1205,50']);
  });

  it('leaves a missing name or e-mail empty', () => {
    // The profile's name is optional, and an account made by phone has no e-mail.
    const missing = null as unknown as string;
    const fields = ordersCsv([order({ customer_name: missing, customer_email: missing })]).split('\r\n')[1]!.split(';');
    expect(fields.slice(3, 5)).toEqual(['', '']);
  });
});

describe('csvField', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvField('2 × Rituel; édition "Aube"')).toBe('"2 × Rituel; édition ""Aube"""');
    expect(csvField('ligne\nsuivante')).toBe('"ligne\nsuivante"');
  });

  it('keeps a customer-written text from running as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+33 6')).toBe("'+33 6");
    expect(csvField('@moi')).toBe("'@moi");
  });

  it('leaves numbers and dates as they are', () => {
    expect(csvField('-5,00', { text: false })).toBe('-5,00');
  });
});

it('formats amounts with a decimal comma and no grouping', () => {
  expect(csvAmount(0)).toBe('0,00');
  expect(csvAmount(4500)).toBe('45,00');
  expect(csvAmount(123456789)).toBe('1234567,89');
});

it('names the file after the period and the Paris day', () => {
  expect(ordersCsvFileName(30, new Date('2026-11-26T23:30:00Z'))).toBe('commandes-30-jours-2026-11-27.csv');
});
