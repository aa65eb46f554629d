// The administrator's refund as the journeys make it: the buyer's panel of the users page, its
// orders, 'Rembourser' on the order (through the refund-order function and record_refund).
import type { Locator, Page } from 'playwright-core';
import type { Account } from './accounts.ts';

/** Opens the buyer's panel on /admin/users: the region of their orders. */
export async function openBuyerOrders(admin: Page, buyer: Account): Promise<Locator> {
  await admin.goto(`/admin/users?q=${encodeURIComponent(buyer.email)}`);
  await admin.getByRole('button', { name: new RegExp(buyer.fullName) }).click();
  return admin.getByRole('dialog').getByRole('region', { name: 'Commandes', exact: true });
}

/** Opens the buyer's panel on /admin/users and the refund form of their order: the orders region and the form. */
export async function openRefundForm(admin: Page, buyer: Account): Promise<{ orders: Locator; form: Locator }> {
  const orders = await openBuyerOrders(admin, buyer);
  await orders.getByRole('button', { name: 'Rembourser' }).click();
  return { orders, form: orders.getByRole('form', { name: 'Rembourser la commande' }) };
}
