/**
 * 'Tell me when a {year} {make} {model} arrives for breaking' (issue 17): a vehicle alert offered
 * where a vehicle's parts are listed, and on the no-results screen. A visitor's tap opens the login
 * modal and the alert is made once they have signed in (as the wishlist heart does, SPEC §6); a
 * member's tap makes it at once. The alert's code loads on the first tap.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { vehicleName } from '../../domain/garage-fit';
import { t } from '../../domain/messages';
import '../../domain/messages-more';
import { isSignedInMember, useAppProps } from '../app-props';
import { useMakes } from '../catalogue/get-makes';
import { useHydrated } from '../hooks/use-hydrated';
import { Button } from '../ui/button';
import styles from './vehicle-alert.module.css';

export interface AlertVehicle {
  make: string;
  model?: string | null | undefined;
  year?: number | null | undefined;
}

export function VehicleAlertOffer({ vehicle }: { vehicle: AlertVehicle }) {
  const client = useQueryClient();
  const hydrated = useHydrated();
  const signedIn = isSignedInMember(useAppProps());
  const makes = useMakes();
  const [state, setState] = useState<'idle' | 'working' | 'made'>('idle');
  // A search's make is upper-cased in its address (SPEC §2): name it as the catalogue does. The
  // list may be restored from the kept cache before this part has hydrated: until then, as the
  // server drew it.
  const make = (hydrated ? makes.data : undefined)?.find((row) => row.name.toUpperCase() === vehicle.make.toUpperCase())?.name ?? vehicle.make;
  const name = vehicleName({ make, model: vehicle.model ?? null, year: vehicle.year ?? null });

  const ask = async () => {
    if (state !== 'idle') return;
    setState('working');
    const { makeVehicleAlert } = await import('./vehicle-alert-create');
    const made = await makeVehicleAlert(client, { make, model: vehicle.model ?? undefined, year: vehicle.year ?? undefined }, name, signedIn, () => setState('made'));
    setState(made ? 'made' : 'idle');
  };

  if (state === 'made') {
    return (
      <p className={styles.made} role="status">
        {t('alerts.vehicle_created', { vehicle: name })}
      </p>
    );
  }
  return (
    <div className={styles.offer}>
      <Button variant="secondary" disabled={!hydrated} aria-disabled={state === 'working'} aria-busy={state === 'working'} onClick={() => void ask()}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.bell}>
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1z" />
        </svg>
        {t('alerts.vehicle_offer', { vehicle: name })}
      </Button>
    </div>
  );
}
