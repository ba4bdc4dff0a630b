// The articles module as other modules see it: its routes and pictures, the blog's sitemap entries,
// the shop's Markdown renderer (the job adverts use it too), and what the back office writes the
// blog with: its services (articles, and their tags and categories) and the encoding of uploaded
// pictures.
export { articlePictureRoutes, articleRoutes } from './routes';
export { createArticleService } from './service';
export { markdownToText, renderMarkdown } from './rich-text';
export type { ArticleValues } from './admin-repository';
export { type ArticleAdminService, createArticleAdminService, createArticleTermAdminService } from './admin-service';
export { encodeUploadedPicture } from './pictures';
