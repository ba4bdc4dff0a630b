/**
 * Content the shop's staff wrote as HTML (content pages, category texts, vehicle tabs), served by
 * our own API from our own database. It is shown as written; it never holds customer input.
 */
export function Html({ html, className }: { html: string; className?: string | undefined }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
