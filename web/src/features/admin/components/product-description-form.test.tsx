// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopProduct } from '@/features/admin/api/shop-catalogue-queries';
import { ProductDescriptionForm } from '@/features/admin/components/product-description-form';

const { update } = vi.hoisted(() => ({ update: vi.fn() }));
vi.mock('@/lib/supabase', () => ({
  supabase: { from: () => ({ update: (row: unknown) => ({ eq: () => ({ select: () => update(row) }) }) }) },
}));

const product = { id: 'prod_1', title: 'L’Éveil du Cœur', description: '<p>Avant</p>' } as ShopProduct;

function renderForm() {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProductDescriptionForm product={product} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  const editor = screen.getByRole('textbox', { name: 'Description' });
  const type = (html: string) => {
    editor.innerHTML = html;
    fireEvent.input(editor);
  };
  return { editor, type, onSaved };
}

describe('ProductDescriptionForm', () => {
  beforeEach(() => update.mockReset());

  it('shows the saved description and a toolbar of labelled buttons with their pressed state', () => {
    const { editor } = renderForm();
    expect(editor.innerHTML).toBe('<p>Avant</p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Mise en forme de la description' });
    for (const name of ['Paragraphe', 'Titre', 'Sous-titre', 'Gras', 'Italique', 'Liste à puces', 'Liste numérotée', 'Lien']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed');
    }
    // One tab stop: the first button.
    expect(toolbar.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
  });

  it('saves the canonical form of what the browser wrote, never a script', async () => {
    update.mockResolvedValue({ data: [{ id: 'prod_1' }], error: null });
    const { type, onSaved } = renderForm();
    type('<h2>Titre</h2><div>Un <b>gras</b><script>alert(1)</script> <a href="javascript:alert(1)">faux</a></div><ul><li>un</li></ul>');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la description' }));
    expect(update).toHaveBeenCalledWith({ description: '<h2>Titre</h2><p>Un <strong>gras</strong> faux</p><ul><li>un</li></ul>' });
    expect(onSaved).toHaveBeenCalled();
  });

  it('writes no description when nothing is left to show', async () => {
    update.mockResolvedValue({ data: [{ id: 'prod_1' }], error: null });
    const { type } = renderForm();
    type('<p><br></p>');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la description' }));
    expect(update).toHaveBeenCalledWith({ description: null });
  });

  it('says a refusal beside the editor and keeps what was typed', async () => {
    update.mockResolvedValue({ data: null, error: { code: '23514', message: 'description: outside the allowed HTML' } });
    const { editor, type, onSaved } = renderForm();
    type('<p>Mon texte</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la description' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cette mise en forme n’est pas acceptée');
    expect(editor).toHaveAttribute('aria-describedby', alert.id);
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor.innerHTML).toBe('<p>Mon texte</p>');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('refuses a link that is neither https nor mailto, beside its field, keeping what was typed', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Lien' }));
    const field = screen.getByRole('textbox', { name: 'Adresse du lien (https:// ou mailto:)' });
    await userEvent.clear(field);
    await userEvent.type(field, 'javascript:alert(1){Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Indiquez une adresse qui commence par https:// ou mailto:');
    expect(field).toHaveValue('javascript:alert(1)');
  });
});
