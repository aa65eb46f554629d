// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Router, useLocation } from 'wouter';
import { beforeEach, describe, expect, it } from 'vitest';
import { NavLink, replaceSameAddress, useCurrentPath, useNavigation } from '@/lib/navigation';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'active' : 'idle');

function Where() {
  const { type, key } = useNavigation();
  const [, navigate] = useLocation();
  return (
    <>
      <p data-testid="where">{`${useCurrentPath()} ${type} ${key}`}</p>
      <Link to="/store?page=2">Boutique</Link>
      <button type="button" onClick={() => navigate('/login', { replace: true })}>
        Connexion
      </button>
    </>
  );
}

const where = () => screen.getByTestId('where').textContent ?? '';

describe('useNavigation and useCurrentPath', () => {
  beforeEach(() => window.history.replaceState(null, '', '/about#team'));

  it('tells a link (PUSH) from a redirect (REPLACE) and from back/forward (POP), with a new key each time', async () => {
    render(<Where />);
    const [first, type] = where().split(' ');
    expect(first).toBe('/about#team');
    expect(type).toBe('REPLACE');
    const key = Number(where().split(' ')[2]);

    await userEvent.click(screen.getByRole('link', { name: 'Boutique' }));
    expect(where()).toBe(`/store?page=2 PUSH ${key + 1}`);

    await userEvent.click(screen.getByRole('button', { name: 'Connexion' }));
    expect(where()).toBe(`/login REPLACE ${key + 2}`);

    act(() => window.history.back());
    await waitFor(() => expect(where()).toBe(`/about#team POP ${key + 3}`));
  });
});

describe('replaceSameAddress', () => {
  it('replaces the entry of the address already shown, and adds one for another address', async () => {
    window.history.replaceState(null, '', '/store?page=2');
    render(
      <Router aroundNav={replaceSameAddress}>
        <Where />
      </Router>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Boutique' }));
    expect(where()).toMatch(/^\/store\?page=2 REPLACE /);

    window.history.replaceState(null, '', '/about');
    await userEvent.click(screen.getByRole('link', { name: 'Boutique' }));
    expect(where()).toMatch(/^\/store\?page=2 PUSH /);
  });
});

describe('NavLink', () => {
  function Nav() {
    return (
      <nav>
        <NavLink to="/admin/settings" end className={linkClass}>
          Vendeur
        </NavLink>
        <NavLink to="/admin/settings/legal" className={linkClass}>
          Documents légaux
        </NavLink>
      </nav>
    );
  }

  it('marks the link to the current page, and to a page above it unless it ends there', () => {
    window.history.replaceState(null, '', '/admin/settings/legal/cgv');
    render(<Nav />);
    const vendeur = screen.getByRole('link', { name: 'Vendeur' });
    const legal = screen.getByRole('link', { name: 'Documents légaux' });
    expect(legal).toHaveAttribute('aria-current', 'page');
    expect(legal).toHaveClass('active');
    expect(vendeur).not.toHaveAttribute('aria-current');
    expect(vendeur).toHaveClass('idle');
    expect(vendeur).toHaveAttribute('href', '/admin/settings');
  });

  it('marks the exact page of a link that ends there', () => {
    window.history.replaceState(null, '', '/admin/settings');
    render(<Nav />);
    expect(screen.getByRole('link', { name: 'Vendeur' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Documents légaux' })).not.toHaveAttribute('aria-current');
  });
});
