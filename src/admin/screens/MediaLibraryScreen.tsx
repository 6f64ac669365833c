// The media library as a screen of its own (/admin/media): every uploaded file, searched,
// filtered by type, sorted and paged, with its view in the URL (Back and reload keep it), where
// organisers upload files and give each its default alt text.
import { AdminTitle } from '../AdminTitle';
import { BackToDashboard } from '../BackToDashboard';
import { MediaBrowser, mediaListOptions } from '../media/MediaLibrary';
import { useListQuery } from '../list/useListQuery';

export function MediaLibraryScreen() {
  const list = useListQuery(mediaListOptions);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminTitle>Media Library</AdminTitle>
      <BackToDashboard />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Media Library</h1>
      <p className="mt-1 text-slate-600">
        Files uploaded here can be used in every manager. The alt text you give a photo is filled in
        when it is chosen for a gallery image, an article or a sponsor.
      </p>
      <div className="mt-6">
        <MediaBrowser accept="any" list={list} />
      </div>
    </div>
  );
}
