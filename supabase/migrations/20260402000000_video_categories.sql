-- One video library (issue 15): every film on /videos is a row the administrator manages, so the
-- spec's 'Highlights' label, which was fixed in the site's code, becomes the row's category.
-- /sponsors shows the published films in the 'Sponsor interview' category and, until there is
-- one, no interview block at all.
--
-- Free text (the admin names new kinds as they come), bounded like the other short labels, and
-- '' for none so the pages never test for null. The table's policies and grants already cover a
-- new column: visitors read it on published rows, only administrators write it.
alter table public.videos
  add column category text not null default ''
    check (length(category) <= 60 and category = btrim(category));

-- /sponsors asks for one category's published films in their order.
create index videos_public_category_idx on public.videos (category, sort_order)
  where published and deleted_at is null;
