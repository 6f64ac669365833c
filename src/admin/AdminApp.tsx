// The admin area: loaded only under /admin (a lazy route), with its own routes behind one
// guard. Everything admin (supabase-js auth and storage, the editor) stays in this chunk.
import type { ReactNode } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import { AuthProvider } from './auth/AuthProvider';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth } from './auth/RequireAuth';
import { ContentManager } from './crud/ContentManager';
import type { ContentRow, FormValues, ManagerDescription } from './crud/types';
import { DashboardPage } from './DashboardPage';
import { eventsManager } from './managers/events';
import { galleryManager } from './managers/gallery';
import { newsManager } from './managers/news';
import { pastToursManager } from './managers/past-tours';
import { sponsorsManager } from './managers/sponsors';
import { testimonialsManager } from './managers/testimonials';
import { videosManager } from './managers/videos';
import { SettingsPage } from './SettingsPage';
import { supabase } from './supabase';

function manager<R extends ContentRow, V extends FormValues>(
  description: ManagerDescription<R, V>,
): ReactNode {
  return <ContentManager description={description} db={supabase} />;
}

function AdminShell({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-slate-100 text-slate-900">{children}</div>;
}

export default function AdminApp() {
  return (
    <AuthProvider>
      <AdminShell>
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route element={<RequireAuth />}>
            <Route index element={<Navigate to="dashboard" replace />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="events" element={manager(eventsManager)} />
            <Route path="past-tours" element={manager(pastToursManager)} />
            <Route path="gallery" element={manager(galleryManager)} />
            <Route path="videos" element={manager(videosManager)} />
            <Route path="sponsors" element={manager(sponsorsManager)} />
            <Route path="news" element={manager(newsManager)} />
            <Route path="testimonials" element={manager(testimonialsManager)} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="*" element={<AdminNotFound />} />
          </Route>
        </Routes>
      </AdminShell>
    </AuthProvider>
  );
}

function AdminNotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Admin page not found</h1>
      <p className="mt-3">
        <Link to="/admin/dashboard" className="text-blue-700 hover:underline">
          Back to Dashboard
        </Link>
      </p>
    </main>
  );
}
