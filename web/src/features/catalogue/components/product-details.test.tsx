// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProductDetails } from '@/features/catalogue/components/product-details';
import { buildProduct, buildVariant } from '@/testing/catalogue-fixtures';

const pdf = buildVariant({ id: 'pdf', title: 'PDF', price_in_cents: 3000, sale_price_in_cents: 2500 });
const audio = buildVariant({ id: 'audio', title: 'Audio', price_in_cents: 2000, image_url: 'https://img.test/audio.png' });
const images = ['https://img.test/a.png', 'https://img.test/b.png', 'https://img.test/audio.png'].map((url, order) => ({ url, order, type: 'image' }));

const renderDetails = (overrides: Parameters<typeof buildProduct>[0] = {}) => {
  const onAdd = vi.fn();
  const product = buildProduct({ title: "L'Éveil du Cœur", variants: [pdf, audio], images, options: [{ id: 'o', title: 'Format', values: [] }], ...overrides });
  render(<ProductDetails product={product} onAdd={onAdd} />);
  return { product, onAdd };
};

const quantity = () => screen.getByLabelText('Quantité choisie');
const mainImageAlt = () => screen.getByRole('region', { name: "Galerie d'images" }).querySelector('img')?.getAttribute('alt');

describe('ProductDetails', () => {
  it('shows the sale price with the original struck through', () => {
    renderDetails();
    expect(screen.getByText('25,00 €')).toBeInTheDocument();
    expect(screen.getByText('30,00 €').closest('s')).not.toBeNull();
  });

  it("labels the variant picker with the first option's title, else Style", () => {
    renderDetails();
    expect(screen.getByRole('group', { name: 'Format' })).toBeInTheDocument();
  });

  it('falls back to Style, and hides the picker for a single variant', () => {
    const { unmount } = render(<ProductDetails product={buildProduct({ variants: [pdf, audio], options: [] })} onAdd={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Style' })).toBeInTheDocument();
    unmount();
    render(<ProductDetails product={buildProduct({ variants: [pdf] })} onAdd={vi.fn()} />);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('steps the quantity from 1, and resets it and jumps the gallery on variant change', async () => {
    const user = userEvent.setup();
    const { product, onAdd } = renderDetails();
    expect(screen.getByRole('radio', { name: 'PDF' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Diminuer la quantité' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }));
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }));
    expect(quantity()).toHaveTextContent('3');
    await user.click(screen.getByRole('radio', { name: 'Audio' }));
    expect(quantity()).toHaveTextContent('1');
    expect(mainImageAlt()).toBe("L'Éveil du Cœur, image 3 sur 3");
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(onAdd).toHaveBeenCalledWith(product, audio, 1);
  });

  it('wraps around the gallery', async () => {
    const user = userEvent.setup();
    renderDetails();
    await user.click(screen.getByRole('button', { name: 'Image précédente' }));
    expect(mainImageAlt()).toBe("L'Éveil du Cœur, image 3 sur 3");
    await user.click(screen.getByRole('button', { name: 'Image suivante' }));
    expect(mainImageAlt()).toBe("L'Éveil du Cœur, image 1 sur 3");
    await user.click(screen.getByRole('button', { name: "Afficher l'image 2" }));
    expect(mainImageAlt()).toBe("L'Éveil du Cœur, image 2 sur 3");
  });

  it('shows the stock when inventory is managed', () => {
    renderDetails({ variants: [buildVariant({ manage_inventory: true, inventory_quantity: 3 })] });
    expect(screen.getByText('3 en stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter au panier' })).toBeEnabled();
  });

  it('is out of stock and unavailable at zero stock', () => {
    renderDetails({ variants: [buildVariant({ manage_inventory: true, inventory_quantity: 0 })] });
    expect(screen.getByText('En rupture de stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Indisponible' })).toBeDisabled();
  });

  it('is unavailable when the product cannot be bought', () => {
    renderDetails({ purchasable: false });
    expect(screen.getByRole('button', { name: 'Indisponible' })).toBeDisabled();
  });

  it('sanitises the description and uses its first 160 characters as meta description', () => {
    const text = 'Lumière '.repeat(30);
    renderDetails({ description: `<p>${text}</p><img src=x onerror="window.hacked=1"><script>window.hacked=2</script>` });
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(text.trim().slice(0, 160));
  });
});
