// Placeholder for the customer dashboard (/dashboard/*), mounted lazily by the app router.
// The dashboard task replaces this file with its guarded layout and sub-routes.
export default function DashboardRoutes() {
  return (
    <main className="p-8">
      <h1 className="text-4xl font-semibold text-plum-900">Tableau de Bord</h1>
    </main>
  );
}
