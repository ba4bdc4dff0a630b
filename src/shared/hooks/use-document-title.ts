import { useEffect } from 'react';
import { pageTitle as titleOf } from '../head';

/** Sets the tab title to '<page> — PartsFinder UK' so each screen is named in history and by screen readers. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    document.title = titleOf(pageTitle);
  }, [pageTitle]);
}
