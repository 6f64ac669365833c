// Placeholder until the admin area (issue 4) lands; helper C replaces this file.
export default function AdminApp() {
  return (
    <main className="p-8">
      <h1 className="text-2xl font-bold">Admin</h1>
      <p>The administration area is being built.</p>
    </main>
  );
}
