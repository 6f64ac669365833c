// The files the media library takes, by extension, with the content type each is stored as.
// The browser's file picker, the upload check and the file kinds read this list; the database
// keeps its own copies (the media bucket's allowed types in supabase/config.toml and the
// migration, the upload policy's extensions), which tests/lint/constants.test.ts compares with it.
export const MEDIA_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
} as const;

export type MediaExtension = keyof typeof MEDIA_TYPES;
export type MediaKind = 'image' | 'video';

const extensions = Object.keys(MEDIA_TYPES) as MediaExtension[];

/** The extensions of each kind: { image: ['jpg', …], video: ['mp4', 'webm'] }. */
export const MEDIA_EXTENSIONS: Record<MediaKind, readonly MediaExtension[]> = {
  image: extensions.filter((extension) => MEDIA_TYPES[extension].startsWith('image/')),
  video: extensions.filter((extension) => MEDIA_TYPES[extension].startsWith('video/')),
};

/** The file picker's `accept`: every extension and every content type. */
export const MEDIA_ACCEPT = [
  ...extensions.map((extension) => `.${extension}`),
  ...new Set(Object.values(MEDIA_TYPES)),
].join(',');
