// /admin/users: every account, searched by e-mail or name and paged by the database, with an
// account's detail in a side sheet over it. The state lives in the address (see users-page-params).
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useUsers, type AdminUser } from '@/features/admin/api/get-users';
import { UserDetailPanel } from '@/features/admin/components/user-detail-panel';
import { roleLabel } from '@/features/admin/lib/account-role';
import { readUsersParams, USERS_SEARCH_MAX_LENGTH, writeUsersParams, type UsersPageParams } from '@/features/admin/lib/users-page-params';
import { formatDay } from '@/features/admin/lib/users-format';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format-price';

/** Typing pauses this long before the search goes to the database. */
const SEARCH_DELAY_MS = 300;

export default function UsersPage() {
  useDocumentMeta({ title: 'Utilisateurs' });
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readUsersParams(searchParams);
  const update = useCallback(
    (next: Partial<UsersPageParams>) => setSearchParams((current) => writeUsersParams({ ...readUsersParams(current), ...next }), { replace: true }),
    [setSearchParams],
  );

  const [typed, setTyped] = useState(params.search);
  useEffect(() => {
    const search = typed.trim();
    if (search === params.search) return;
    const timer = setTimeout(() => update({ search, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, params.search, update]);

  const users = useUsers(params.search, params.page);
  useEffect(() => {
    if (users.isError) console.error('Loading the accounts failed:', users.error);
  }, [users.isError, users.error]);

  const rows = users.data?.users ?? [];
  const selected = rows.find((row) => row.id === params.accountId);
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Utilisateurs</h1>
        <p className="mt-2 text-mist">Tous les comptes de la boutique, les plus récents en premier.</p>
      </header>
      <div className="relative max-w-xl">
        <label htmlFor="users-search" className="sr-only">
          Rechercher un compte
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute left-4 top-1/2 h-4 w-4 -translate-y-1/2 text-mist" />
        <input
          id="users-search"
          type="search"
          value={typed}
          maxLength={USERS_SEARCH_MAX_LENGTH}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Rechercher par nom ou adresse e-mail"
          className="w-full rounded-full border border-plum-200 bg-white py-3 pl-11 pr-4 text-ink placeholder:text-mist/70 focus-visible:border-plum-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-500"
        />
      </div>
      <section aria-label="Comptes" aria-busy={users.isFetching} className="min-w-0 space-y-4">
        {users.isPending ? (
          <Spinner label="Chargement…" />
        ) : users.isError ? (
          <p role="alert" className="rounded-3xl border border-red-200 bg-white p-10 text-center text-red-700">
            Les comptes n'ont pas pu être chargés. Veuillez réessayer.
          </p>
        ) : rows.length === 0 ? (
          <p className="rounded-3xl border border-plum-100 bg-white p-10 text-center text-mist">
            {params.search ? `Aucun compte ne correspond à « ${params.search} ».` : 'Aucun compte pour le moment.'}
          </p>
        ) : (
          <UsersTable rows={rows} selectedId={params.accountId} onSelect={(accountId) => update({ accountId })} />
        )}
        <nav aria-label="Pages des comptes" className="flex items-center justify-between gap-3">
          <Button variant="outline" size="sm" disabled={params.page <= 1} onClick={() => update({ page: params.page - 1 })}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            Précédent
          </Button>
          <span className="text-sm text-mist">Page {params.page}</span>
          <Button variant="outline" size="sm" disabled={!users.data?.hasNextPage} onClick={() => update({ page: params.page + 1 })}>
            Suivant
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        </nav>
      </section>
      {selected ? <UserDetailPanel account={selected} onClose={() => update({ accountId: null })} /> : null}
    </div>
  );
}

function UsersTable({ rows, selectedId, onSelect }: { rows: AdminUser[]; selectedId: string | null; onSelect: (id: string) => void }) {
  return (
    <div className="overflow-x-auto rounded-3xl border border-plum-100 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="bg-sand/50 text-xs uppercase tracking-wide text-mist">
          <tr>
            <th scope="col" className="px-3 py-3 font-medium">Compte</th>
            <th scope="col" className="px-3 py-3 font-medium">Inscription</th>
            <th scope="col" className="px-3 py-3 text-right font-medium">Commandes</th>
            <th scope="col" className="px-3 py-3 text-right font-medium">Total dépensé</th>
            <th scope="col" className="px-3 py-3 font-medium">Dernière commande</th>
            <th scope="col" className="px-3 py-3 text-right font-medium">Messages non lus</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-plum-100">
          {rows.map((row) => (
            <tr key={row.id} className={cn('hover:bg-plum-50', row.id === selectedId && 'bg-plum-50')}>
              <td className="max-w-[15rem] px-3 py-3">
                <button type="button" onClick={() => onSelect(row.id)} className="block max-w-full text-left underline-offset-4 hover:underline">
                  <span className="block truncate font-medium text-plum-900">{row.full_name || row.email}</span>
                  {row.full_name ? <span className="block truncate text-xs text-mist">{row.email}</span> : null}
                </button>
                {row.role === 'admin' ? (
                  <span className="mt-1 inline-block rounded-full bg-gold-400 px-2 py-0.5 text-xs font-semibold text-plum-900">{roleLabel(row.role)}</span>
                ) : null}
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-mist">{formatDay(row.created_at)}</td>
              <td className="px-3 py-3 text-right">{row.orders_count}</td>
              {/* The shop sells in euros: every order's currency is eur. */}
              <td className="whitespace-nowrap px-3 py-3 text-right">{formatPrice(row.total_spent_cents, 'eur')}</td>
              <td className="whitespace-nowrap px-3 py-3 text-mist">{row.last_order_at ? formatDay(row.last_order_at) : '—'}</td>
              <td className="px-3 py-3 text-right">
                {row.unread_messages > 0 ? (
                  <span className="rounded-full bg-gold-400 px-2.5 py-0.5 text-xs font-semibold text-plum-900">{row.unread_messages}</span>
                ) : (
                  <span className="text-mist">0</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
