import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/components/errors/error-boundary';

function Broken(): never {
  throw new Error('Le sanctuaire est fermé');
}

describe('ErrorBoundary', () => {
  it('shows the crash screen with collapsible details', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Une erreur est survenue' })).toBeInTheDocument();
    expect(screen.getByText(/notre équipe a été notifiée/i)).toBeInTheDocument();
    const details = screen.getByText("Détails de l'erreur").closest('details');
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(screen.getByText("Détails de l'erreur"));
    expect(details).toHaveAttribute('open');
    expect(screen.getByText(/Le sanctuaire est fermé/)).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>Paix</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Paix')).toBeInTheDocument();
  });
});
