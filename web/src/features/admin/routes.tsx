// Placeholder for the admin area (/admin/*), mounted lazily by the app router.
// The admin task replaces this file with its guard, layout and sub-routes.
export default function AdminRoutes() {
  return (
    <main className="p-8">
      <h1 className="text-4xl font-semibold text-plum-900">Administration</h1>
    </main>
  );
}
