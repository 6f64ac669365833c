// "Preview" of a news article from the admin: the public article page, drawn in the site's
// layout exactly as visitors will see it once published, but read with the signed-in
// administrator's client, so a draft shows. Only administrators get past the guard (and
// row-level security gives anyone else no draft), and a banner marks the page as a preview.
// It lives in the app layer because it joins a public page with the admin's sign-in; its chunk
// loads only on this route, so the public entry carries none of supabase-js's auth code.
import { Route, Routes } from 'react-router-dom';
import { Eye } from 'lucide-react';
import { AuthProvider } from '../admin/auth/AuthProvider';
import { RequireAuth } from '../admin/auth/RequireAuth';
import { supabase } from '../admin/supabase';
import { DbProvider } from '../data/dbContext';
import { ArticleScreen } from '../pages/news/ArticlePage';

function Preview() {
  return (
    <DbProvider db={supabase}>
      <p
        role="note"
        className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-2 font-semibold text-slate-900"
      >
        <Eye aria-hidden="true" className="h-4 w-4" />
        Preview: only administrators can see this page until the article is published.
      </p>
      <ArticleScreen preview />
    </DbProvider>
  );
}

export default function ArticlePreviewPage() {
  return (
    <AuthProvider>
      <Routes>
        <Route element={<RequireAuth />}>
          <Route path="*" element={<Preview />} />
        </Route>
      </Routes>
    </AuthProvider>
  );
}
