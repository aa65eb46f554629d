// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VariantFilePanel } from '@/features/admin/components/variant-file-panel';
import type { VariantFileStatus } from '@/features/admin/lib/variant-file-status';

const { rpc } = vi.hoisted(() => ({ rpc: vi.fn() }));
vi.mock('@/lib/supabase', () => ({ supabase: { rpc } }));

const renderPanel = (status: VariantFileStatus) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VariantFilePanel variantId="var_test" label="Le Souffle Sacré" status={status} />
    </QueryClientProvider>,
  );

describe('VariantFilePanel', () => {
  it('shows the file’s name, type, size and upload date, with replace and remove', () => {
    renderPanel({
      state: 'attached',
      file: { variant_id: 'var_test', object_path: 'products/var_test/u/souffle.pdf', file_type: 'pdf', content_type: 'application/pdf', size_bytes: 2_097_152, uploaded_at: '2026-11-26T09:30:00Z', online_only: false },
    });
    expect(screen.getByText('souffle.pdf')).toBeInTheDocument();
    expect(screen.getByText('PDF · application/pdf')).toBeInTheDocument();
    expect(screen.getByText('2 Mo')).toBeInTheDocument();
    expect(screen.getByText(/^Envoyé le 26 novembre 2026 à \d\d:30$/)).toBeInTheDocument();
    expect(screen.getByLabelText('Remplacer le fichier')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retirer le fichier' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Lecture en ligne uniquement' })).not.toBeChecked();
  });

  it('shows a file read online only as such', () => {
    renderPanel({
      state: 'attached',
      file: { variant_id: 'var_test', object_path: 'products/var_test/u/a.ogg', file_type: 'audio', content_type: 'audio/ogg', size_bytes: 10, uploaded_at: null, online_only: true },
    });
    expect(screen.getByRole('checkbox', { name: 'Lecture en ligne uniquement' })).toBeChecked();
  });

  it('warns in French when a variant on sale has no file', () => {
    renderPanel({ state: 'missing' });
    expect(screen.getByText(/Fichier manquant\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Envoyer un fichier')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retirer le fichier' })).not.toBeInTheDocument();
  });

  it('refuses a file whose content is not a deliverable before sending anything', async () => {
    renderPanel({ state: 'missing' });
    const forged = new File(['Ceci n’est pas un PDF, malgré son nom.'], 'enseignement.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Envoyer un fichier'), forged);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Format de fichier non pris en charge');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows « Lecture en ligne uniquement » as asked from the click on, held until the save settles', async () => {
    let answer: (value: { error: null }) => void = () => undefined;
    rpc.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderPanel({
      state: 'attached',
      file: { variant_id: 'var_test', object_path: 'products/var_test/u/a.pdf', file_type: 'pdf', content_type: null, size_bytes: null, uploaded_at: null, online_only: false },
    });
    const box = screen.getByRole('checkbox', { name: 'Lecture en ligne uniquement' });
    fireEvent.click(box);
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('admin_set_variant_file_online_only', { p_variant_id: 'var_test', p_online_only: true }));
    expect(box).toBeChecked();
    answer({ error: null });
    await waitFor(() => expect(box).toBeEnabled());
  });

  it('asks before removing a file and says that earlier buyers keep theirs', async () => {
    renderPanel({
      state: 'attached',
      file: { variant_id: 'var_test', object_path: 'products/var_test/u/a.pdf', file_type: 'pdf', content_type: null, size_bytes: null, uploaded_at: null, online_only: true },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Retirer le fichier' }));
    expect(screen.getByRole('group', { name: 'Confirmer le retrait' })).toHaveTextContent('ceux qui l’ont déjà acheté le gardent');
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('group', { name: 'Confirmer le retrait' })).not.toBeInTheDocument();
  });
});
