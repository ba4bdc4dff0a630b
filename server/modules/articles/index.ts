// The articles module as other modules see it: its routes and pictures, the blog's sitemap entries,
// and the shop's Markdown renderer (the job adverts use it too).
export { articlePictureRoutes, articleRoutes } from './routes';
export { createArticleService } from './service';
export { markdownToText, renderMarkdown } from './rich-text';
