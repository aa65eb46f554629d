// The product page's variant picker as a visitor uses it: one group of choices an option.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Picks `value` of the option `option` on the open product page and waits for its `price` (« 19,90 € »). */
export async function chooseVariant(page: Page, option: string, value: string, price: string): Promise<void> {
  const picker = page.getByRole('group', { name: option });
  await picker.getByText(value).click();
  await expect.poll(() => page.getByText(price).first().isVisible()).toBe(true);
  expect(await picker.getByRole('radio', { name: value }).isChecked()).toBe(true);
}
