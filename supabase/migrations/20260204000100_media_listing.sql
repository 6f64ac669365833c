-- The `media` bucket is no longer listable by visitors: its listing showed every object,
-- including the pictures of articles not yet published. A public bucket serves
-- /storage/v1/object/public/media/<path> without any select policy (Storage reads public objects
-- as itself), so every public URL keeps working; only administrators list the bucket now (the
-- admin's media library), and they still upload, replace and delete as before.

drop policy if exists "media is public to read" on storage.objects;

create policy "administrators list media" on storage.objects
  for select to authenticated using (bucket_id = 'media' and (select public.is_admin()));
