/**
 * A link to a state of the news list: /blog with its query, or /blog/tag/{tag} when the page
 * being shown is a tag's own (its path keeps the tag; category and page stay in the query).
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { BlogSearch } from '../blog-url';

export interface BlogLinkProps {
  search: BlogSearch;
  tagInPath: boolean;
  className?: string | undefined;
  /** The list state this link stands for is the one shown (the router's own marking is left to exact matches). */
  'aria-current'?: 'page' | undefined;
  children: ReactNode;
}

export function BlogLink({ search, tagInPath, children, ...props }: BlogLinkProps) {
  if (tagInPath && search.tag) {
    return (
      <Link
        to="/blog/tag/$tag"
        params={{ tag: search.tag }}
        search={{ category: search.category, page: search.page }}
        resetScroll={false}
        activeOptions={{ exact: true }}
        {...props}
      >
        {children}
      </Link>
    );
  }
  return (
    <Link to="/blog" search={search} resetScroll={false} activeOptions={{ exact: true }} {...props}>
      {children}
    </Link>
  );
}
