/**
 * The <head> of the shop's pages as the routes' head() give it to TanStack Router (drawn by
 * <HeadContent />, on the server and in the browser alike): the shop's own tags and defaults from
 * the root route, and per page its title, description and canonical URL (PUBLIC_URL-based).
 * Tags are data here; React escapes every value where it goes, and TanStack writes JSON-LD with
 * <, > and & escaped, so no product text can end an element.
 */
import type { AnyRouteMatch } from '@tanstack/react-router';

export const SHOP_NAME = 'PartsFinder UK';

export const HOME_TITLE = `${SHOP_NAME} — used car parts, checked and guaranteed`;
export const HOME_DESCRIPTION =
  'Find used car parts by registration, part number or make and model. Every part is checked, graded and sold with a warranty. Prices in GBP, UK delivery.';

/** A page's title as the shop writes it: 'Your cart — PartsFinder UK'. */
export const pageTitle = (title: string | undefined): string => (title ? `${title} — ${SHOP_NAME}` : HOME_TITLE);

/** One tag of a head() answer's `meta`: a title, a name or property meta, or JSON-LD (jsonLdTag). */
export type MetaTag = NonNullable<NonNullable<AnyRouteMatch['meta']>[number]>;
export type LinkTag = NonNullable<NonNullable<AnyRouteMatch['links']>[number]>;

/**
 * A schema.org object as a head() tag: TanStack draws it as <script type="application/ld+json">
 * with <, > and & escaped. Its runtime reads the 'script:ld+json' key, which React's meta props
 * type (the one head() is typed with) does not name.
 */
export const jsonLdTag = (value: Record<string, unknown>): MetaTag => ({ 'script:ld+json': value }) as MetaTag;

export interface Head {
  meta: MetaTag[];
  links: LinkTag[];
}

/** What a page says about itself. */
export interface PageHeadInput {
  title: string;
  description?: string | undefined;
  /** The page's own path ('/category/101'); made absolute with the public URL. */
  canonicalPath?: string | undefined;
  publicUrl: string;
  /** Further tags: Open Graph, JSON-LD. */
  meta?: MetaTag[];
  /** A page that exists only for people (not found): kept out of search results. */
  noindex?: boolean;
}

export function pageHead({ title, description, canonicalPath, publicUrl, meta = [], noindex = false }: PageHeadInput): Head {
  return {
    meta: [
      { title },
      ...(description ? [{ name: 'description', content: description }] : []),
      ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
      ...meta,
    ],
    links: canonicalPath ? [{ rel: 'canonical', href: publicUrl + canonicalPath }] : [],
  };
}

export const notFoundTitle = `Page not found | ${SHOP_NAME}`;

/** The tags of every page, with the home page's title and description as defaults. */
export function shopHead({ notFound }: { notFound: boolean }): Head {
  return {
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
      { title: notFound ? notFoundTitle : HOME_TITLE },
      ...(notFound ? [{ name: 'robots', content: 'noindex' }] : [{ name: 'description', content: HOME_DESCRIPTION }]),
      { name: 'theme-color', content: '#0b5075' },
      { name: 'color-scheme', content: 'light' },
    ],
    links: [
      { rel: 'manifest', href: '/manifest.webmanifest' },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'icon', href: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
    ],
  };
}
