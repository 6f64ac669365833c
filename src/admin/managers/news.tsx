import { paths } from '../../config/paths';
import type { Insert, NewsArticle } from '../../data/types';
import {
  articlesAdmin,
  insertArticle,
  listArticleImages,
  replaceArticleImages,
} from '../../data/news';
import { formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { stripTags } from '../../lib/text';
import { describedImageField, publishedField } from '../crud/fields';
import { optional, text, todayLocal, totalLine } from '../crud/form-rules';
import { ListCard, Tag } from '../crud/RowCard';
import { listViewOf } from '../crud/table-actions';
import type { ImageDraft, ManagerDescription } from '../crud/types';

type ArticleForm = {
  title: string;
  excerpt: string;
  content: string;
  image_url: string;
  image_alt: string;
  image_decorative: boolean;
  category: string;
  published_date: string;
  is_featured: boolean;
  published: boolean;
  extra_images: ImageDraft[];
};

const toRow = (form: ArticleForm): Insert<'news_articles'> => ({
  title: form.title.trim(),
  excerpt: form.excerpt.trim(),
  content: form.content,
  image_url: optional(form.image_url),
  image_alt: form.image_decorative ? '' : form.image_alt.trim(),
  image_decorative: form.image_decorative,
  category: form.category.trim().toLowerCase() || 'news',
  published_date: form.published_date.trim(),
  is_featured: form.is_featured,
  published: form.published,
});

export const newsManager: ManagerDescription<NewsArticle, ArticleForm> = {
  title: 'News Manager',
  noun: 'article',
  countLine: totalLine('article', 'articles'),
  plural: 'articles',
  addLabel: 'Add Article',
  firstAddLabel: 'Add Your First Article',
  loadingText: 'Loading news articles...',
  emptyText: 'No news articles yet',
  layout: 'list',
  fields: [
    { kind: 'text', name: 'title', label: 'Title', required: true },
    {
      kind: 'textarea',
      name: 'excerpt',
      label: 'Excerpt',
      required: true,
      hint: 'A short summary shown in lists.',
    },
    { kind: 'richtext', name: 'content', label: 'Content', required: true },
    describedImageField('image_url', 'Main Image', {
      text: 'image_alt',
      decorative: 'image_decorative',
    }),
    {
      kind: 'text',
      name: 'category',
      label: 'Category',
      required: true,
      half: true,
      placeholder: 'e.g. news, rally, charity',
      hint: 'Visitors can filter the news page by category.',
    },
    { kind: 'date', name: 'published_date', label: 'Published Date', required: true, half: true },
    {
      kind: 'checkbox',
      name: 'is_featured',
      label: 'Featured',
      hint: 'Shown large at the top of the news page.',
    },
    publishedField('articles'),
    {
      kind: 'images',
      name: 'extra_images',
      label: 'Extra Images',
      hint: 'Shown as a gallery on the article page, in this order. Saving with none keeps the current ones.',
    },
  ],
  defaults: () => ({
    title: '',
    excerpt: '',
    content: '',
    image_url: '',
    image_alt: '',
    image_decorative: false,
    category: 'news',
    published_date: todayLocal(),
    is_featured: false,
    published: false,
    extra_images: [],
  }),
  fromRow: async (article, db) => ({
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    image_url: text(article.image_url),
    image_alt: article.image_alt,
    image_decorative: article.image_decorative,
    category: text(article.category),
    published_date: article.published_date || todayLocal(),
    is_featured: article.is_featured,
    published: article.published,
    extra_images: (await listArticleImages(article.id, db)).map((image) => ({
      url: image.url,
      caption: text(image.caption),
      alt: image.alt,
      decorative: image.decorative,
    })),
  }),
  listPage: articlesAdmin.listPage,
  facets: articlesAdmin.facets,
  listView: listViewOf(articlesAdmin, {
    search: 'Search articles',
    filters: { category: ['Category', 'All categories'] },
    sorts: { newest: 'Newest first', oldest: 'Oldest first', title: 'Title (A to Z)' },
  }),
  async save(db, form, editing) {
    let id: string;
    if (editing) {
      await articlesAdmin.update(db, editing.id, toRow(form));
      id = editing.id;
    } else {
      id = (await insertArticle(db, toRow(form))).id;
    }
    await replaceArticleImages(
      db,
      id,
      form.extra_images.map((image) => ({
        url: image.url.trim(),
        caption: image.caption,
        alt: image.decorative ? '' : image.alt.trim(),
        decorative: image.decorative,
      })),
    );
  },
  batch: articlesAdmin,
  previewPath: (article) => paths.articlePreview(article.id),
  rowName: (article) => article.title,
  renderRow: (article, badge) => (
    <ListCard
      title={article.title}
      badge={badge}
      tags={article.is_featured ? <Tag tone="amber">Featured</Tag> : null}
    >
      <p className="line-clamp-2 text-sm text-slate-700">{stripTags(article.excerpt)}</p>
      <p className="text-sm text-slate-600">
        {formatLongDate(article.published_date)} · {article.category}
      </p>
    </ListCard>
  ),
};
