// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, useAuth } from '@/lib/auth-context';

function WhoAmI() {
  const { user, isAdmin } = useAuth();
  return <p>{user ? `${user.email} ${isAdmin ? 'admin' : 'client'}` : 'anonyme'}</p>;
}

describe('useAuth', () => {
  it('throws outside its provider, saying it must be used within the auth provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<WhoAmI />)).toThrow('useAuth must be used within an AuthProvider');
    vi.restoreAllMocks();
  });

  it('reads the state the provider gives', () => {
    const user = { id: 'u1', email: 'admin@lumiere-sacree.test' } as never;
    render(
      <AuthContext.Provider value={{ user, session: null, loading: false, isAdmin: true }}>
        <WhoAmI />
      </AuthContext.Provider>,
    );
    expect(screen.getByText('admin@lumiere-sacree.test admin')).toBeInTheDocument();
  });
});
