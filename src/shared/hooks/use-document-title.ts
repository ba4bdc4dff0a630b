import { useEffect } from 'react';

export const SHOP_NAME = 'PartsFinder UK';

/** Sets the tab title to '<page> — PartsFinder UK' so each screen is named in history and by screen readers. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} — ${SHOP_NAME}` : `${SHOP_NAME} — used car parts, checked and guaranteed`;
  }, [pageTitle]);
}
