import { describe, expect, it } from 'vitest';
import { formatDay, ordersCountLabel, orderStatusLabel } from '@/features/admin/lib/users-format';

describe('users page formats', () => {
  it('writes a day the French way', () => {
    expect(formatDay('2026-11-22T10:00:00Z')).toBe('22 novembre 2026');
  });

  it('counts orders in French', () => {
    expect(ordersCountLabel(0)).toBe('Aucune commande');
    expect(ordersCountLabel(1)).toBe('1 commande');
    expect(ordersCountLabel(12)).toBe('12 commandes');
  });

  it('names each order state, and shows an unknown one as it is', () => {
    expect(orderStatusLabel('completed')).toBe('Payée');
    expect(orderStatusLabel('refunded')).toBe('Remboursée');
    expect(orderStatusLabel('pending')).toBe('En attente');
    expect(orderStatusLabel('canceled')).toBe('Annulée');
    expect(orderStatusLabel('disputed')).toBe('disputed');
  });
});
