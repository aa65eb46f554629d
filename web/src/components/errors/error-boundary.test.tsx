// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/components/errors/error-boundary';

const insert = vi.fn(async (_row: unknown) => ({ error: null }));
vi.mock('@/lib/supabase-loader', () => ({ loadSupabase: async () => ({ from: () => ({ insert }) }) }));

function Broken(): never {
  throw new Error('Le sanctuaire est fermé');
}

describe('ErrorBoundary', () => {
  beforeEach(() => insert.mockClear());

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
    await vi.waitFor(() => expect(insert).toHaveBeenCalledTimes(1));
    expect(insert.mock.calls[0]?.[0]).toMatchObject({ message: 'Error: Le sanctuaire est fermé' });
    vi.restoreAllMocks();
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>Paix</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Paix')).toBeInTheDocument();
    expect(insert).not.toHaveBeenCalled();
  });

  it('gives way to its children again when its reset key changes (the next address)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <ErrorBoundary resetKey="/about">
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Une erreur est survenue' })).toBeInTheDocument();
    rerender(
      <ErrorBoundary resetKey="/about">
        <p>Paix</p>
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Une erreur est survenue' })).toBeInTheDocument();
    rerender(
      <ErrorBoundary resetKey="/store">
        <p>Paix</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Paix')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
