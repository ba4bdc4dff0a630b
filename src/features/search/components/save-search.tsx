/**
 * 'Save this search' on the results page (issue 17): a trade buyer keeps a search they run often
 * under a name. The dialog loads on the first tap. A visitor signs in first (the login modal, as
 * the wishlist heart does) and the dialog opens once signed in, so the save carries on where it
 * started.
 */
import { Suspense, useState } from 'react';
import type { SavedSearchQuery } from '../../../domain/saved-searches';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { openLoginModal } from '../../../shared/account/login-modal-state';
import { isSignedInMember, useAppProps } from '../../../shared/app-props';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const SaveSearchDialog = lazyWhenOnline(() => import('./save-search-dialog').then((module) => ({ default: module.SaveSearchDialog })));

interface SaveSearchProps {
  params: SavedSearchQuery;
  partTypeName: string | null;
  /** The make as the shop spells it, for the name offered ('Ford' for the URL's 'FORD'). */
  makeName?: string | undefined;
}

export function SaveSearch({ params, partTypeName, makeName }: SaveSearchProps) {
  const hydrated = useHydrated();
  const signedIn = isSignedInMember(useAppProps());
  const [open, setOpen] = useState(false);
  // The dialog's code is fetched on the first tap; from then on it stays mounted and `open` shows it.
  const [wanted, setWanted] = useState(false);

  const start = () => {
    const show = () => {
      setWanted(true);
      setOpen(true);
    };
    if (signedIn) show();
    else openLoginModal(show);
  };

  return (
    <>
      <Button variant="secondary" onClick={start} disabled={!hydrated} aria-haspopup="dialog">
        <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M6 3h12v18l-6-4-6 4z" />
        </svg>
        {t('saved_searches.save')}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <SaveSearchDialog open={open} onOpenChange={setOpen} params={params} partTypeName={partTypeName} makeName={makeName} onSignInNeeded={() => openLoginModal(() => setOpen(true))} />
        </Suspense>
      ) : null}
    </>
  );
}
