// The frame of the signed-out admin pages (login, forgot password, choose a password): a centred
// card with the page's heading and line of explanation, and the way back to the website.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AdminTitle } from '../AdminTitle';

export function AuthCard({
  title,
  heading,
  intro,
  children,
}: {
  /** The document title's first part. */
  title: string;
  heading: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <AdminTitle>{title}</AdminTitle>
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow">
        <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
        <p className="mt-1 text-slate-600">{intro}</p>
        {children}
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-blue-700 hover:underline">
            Back to the website
          </Link>
        </p>
      </div>
    </main>
  );
}
