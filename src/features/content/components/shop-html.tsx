/**
 * HTML the shop itself serves (a job advert, an article's body, a static page): sanitised by the
 * server or written by the shop's staff, never visitor input. Shown as written.
 */
export function ShopHtml({ html, className }: { html: string; className?: string | undefined }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
