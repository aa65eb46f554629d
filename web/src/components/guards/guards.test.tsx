// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { beforeEach, describe, expect, it } from 'vitest';
import { RequireAdmin } from '@/components/guards/require-admin';
import { RequireUser } from '@/components/guards/require-user';
import { AuthContext, type AuthState } from '@/lib/auth-context';

const customer = { id: 'u1', email: 'client@lumiere-sacree.test' } as AuthState['user'];
const state = (overrides: Partial<AuthState>): AuthState => ({ user: null, session: null, loading: false, isAdmin: false, ...overrides });

function WhereAmI({ name }: { name: string }) {
  const from = (useHistoryState() as { from?: string } | null)?.from;
  return <p>{`${name}${from ? ` from ${from}` : ''}`}</p>;
}

function App({ auth, guard }: { auth: AuthState; guard: (children: ReactNode) => ReactNode }) {
  return (
    <AuthContext.Provider value={auth}>
      <Switch>
        <Route path="/">
          <WhereAmI name="home" />
        </Route>
        <Route path="/login">
          <WhereAmI name="login" />
        </Route>
        <Route path="/dashboard">
          <WhereAmI name="dashboard" />
        </Route>
        <Route path="/area/*">{guard(<p>protected</p>)}</Route>
      </Switch>
    </AuthContext.Provider>
  );
}

beforeEach(() => window.history.replaceState(null, '', '/area/orders?tab=2'));

const requireUser = (children: ReactNode) => <RequireUser>{children}</RequireUser>;
const requireAdmin = (children: ReactNode) => <RequireAdmin>{children}</RequireAdmin>;

describe('RequireUser', () => {
  it('shows a spinner while the session loads', () => {
    render(<App auth={state({ loading: true })} guard={requireUser} />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
    expect(screen.queryByText('protected')).not.toBeInTheDocument();
  });

  it('sends a visitor to /login, remembering where they were going', () => {
    render(<App auth={state({})} guard={requireUser} />);
    expect(screen.getByText('login from /area/orders?tab=2')).toBeInTheDocument();
  });

  it('lets a signed-in user in', () => {
    render(<App auth={state({ user: customer })} guard={requireUser} />);
    expect(screen.getByText('protected')).toBeInTheDocument();
  });

  it('sends a user who signs out here home, not to the login page', () => {
    const { rerender } = render(<App auth={state({ user: customer })} guard={requireUser} />);
    rerender(<App auth={state({})} guard={requireUser} />);
    expect(screen.getByText('home')).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('shows a spinner while the admin flag is unknown', () => {
    render(<App auth={state({ user: customer, loading: true })} guard={requireAdmin} />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
  });

  it('sends a visitor to /login, remembering where they were going', () => {
    render(<App auth={state({})} guard={requireAdmin} />);
    expect(screen.getByText('login from /area/orders?tab=2')).toBeInTheDocument();
  });

  it('sends a customer to their dashboard', () => {
    render(<App auth={state({ user: customer })} guard={requireAdmin} />);
    expect(screen.getByText('dashboard')).toBeInTheDocument();
  });

  it('lets an administrator in', () => {
    render(<App auth={state({ user: customer, isAdmin: true })} guard={requireAdmin} />);
    expect(screen.getByText('protected')).toBeInTheDocument();
  });
});
