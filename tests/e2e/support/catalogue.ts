// Reads the commerce sandbox's catalogue, as a journey needs to know real stock.
export async function stockOf(variantId: string, productId: string): Promise<number> {
  const response = await fetch(`${process.env.COMMERCE_API_URL}/store/${process.env.COMMERCE_STORE_ID}/variants?product_ids[]=${productId}`);
  const { variants } = (await response.json()) as { variants: Array<{ id: string; inventory_quantity: number | null }> };
  return variants.find((v) => v.id === variantId)?.inventory_quantity ?? 0;
}
