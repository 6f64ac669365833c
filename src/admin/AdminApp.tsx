// The admin area: loaded only under /admin (a lazy route), with its own routes behind one
// guard. Everything admin (supabase-js auth and storage, the editor) stays in this chunk. The
// screens come from the registry (registry.tsx), as do the dashboard's tiles and the navigation.
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { paths } from '../config/paths';
import { AdminNav } from './AdminNav';
import { AuthProvider } from './auth/AuthProvider';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth } from './auth/RequireAuth';
import { SetPasswordPage } from './auth/SetPasswordPage';
import { ToastProvider } from './ui/Toast';
import { DashboardPage } from './DashboardPage';
import { adminScreens } from './registry';

function AdminShell({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <div className="min-h-screen bg-slate-100 text-slate-900">{children}</div>
    </ToastProvider>
  );
}

/** Every screen but the dashboard: the navigation, then the screen. */
function ScreenLayout() {
  return (
    <>
      <AdminNav />
      <Outlet />
    </>
  );
}

export default function AdminApp() {
  return (
    <AuthProvider>
      <AdminShell>
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="set-password" element={<SetPasswordPage />} />
          <Route element={<RequireAuth />}>
            <Route index element={<Navigate to="dashboard" replace />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route element={<ScreenLayout />}>
              {adminScreens.map((screen) => (
                <Route key={screen.path} path={screen.path} element={screen.element} />
              ))}
            </Route>
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
        <Link to={paths.adminDashboard} className="text-blue-700 hover:underline">
          Back to Dashboard
        </Link>
      </p>
    </main>
  );
}
