import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DbProvider } from '../data/dbContext';
import type { DbClient } from '../data/client';

/** Renders a page as the site would: inside a router (at `path`) and the given data client. */
export function renderPage(
  ui: ReactElement,
  { db, path = '/', pattern = '*' }: { db: DbClient; path?: string; pattern?: string },
) {
  return render(
    <DbProvider db={db}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={ui} />
        </Routes>
      </MemoryRouter>
    </DbProvider>,
  );
}
