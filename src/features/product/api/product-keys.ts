/** Query keys of the product pages, one tree so a page's data can be invalidated together. */
export const productKeys = {
  all: ['product'] as const,
  part: (tag: string) => [...productKeys.all, 'part', tag] as const,
  vehicle: (slug: string) => [...productKeys.all, 'vehicle', slug] as const,
  reviews: (productId: number) => [...productKeys.all, 'reviews', productId] as const,
  categoryInfo: (query: { make?: string | undefined; model?: string | undefined; partType?: number | undefined }) =>
    [...productKeys.all, 'category-info', query.make ?? '', query.model ?? '', query.partType ?? 0] as const,
  content: (slug: string) => [...productKeys.all, 'content', slug] as const,
};
