/**
 * The registration lookup modal (SPEC §2, §5, §8): it runs the search for the registration and
 * part type, shows the car found (make, model, year, style, transmission, gears, engine code) and
 * how many parts fit, and only then opens the results. Loaded when first needed.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import type { ModelRow } from '../../../contract/catalogue';
import { t } from '../../../domain/messages';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogContent } from '../../../shared/ui/dialog';
import { InlinePending } from '../../../shared/ui/page-pending';
import { failedForSignal } from '../../../shared/offline/kept-answer';
import { usePartSearch } from '../api/part-search';
import { forgetVehicle, saveCar } from '../saved-vehicle';
import { useSavedVrnSync } from '../../../shared/vehicle/use-save-vrn';
import { NumberPlate } from './number-plate';
import type { Lookup } from './lookup';
import styles from './lookup-dialog.module.css';
import { VehicleDetails } from './vehicle-details';

interface LookupDialogProps {
  lookup: Lookup;
  partTypeName: string | undefined;
  onModels: (models: ModelRow[]) => void;
  onModel: (model: string) => void;
  onUnknown: () => void;
  onConfirm: (search: Lookup) => void;
  onClose: () => void;
  /** Where focus goes once the dialog has closed (the registration field). */
  onClosed: () => void;
}

export default function LookupDialog({ lookup, partTypeName, onModels, onModel, onUnknown, onConfirm, onClose, onClosed }: LookupDialogProps) {
  const [model, setModel] = useState(lookup.model ?? '');
  const search: Lookup = { ...lookup, model: model || undefined };
  const { data, error, isPending, isFetching } = usePartSearch(search);
  const answer = data?.data;
  const offeredModels = answer && answer.models.length > 0 && !search.model ? answer.models : null;
  // Issue 16: offline, a registration never looked up on this phone cannot be answered; the
  // results page then keeps the search and offers the part request form.
  const needsSignal = !answer && failedForSignal(error);
  const syncSavedVrn = useSavedVrnSync();

  const onAnswer = useEffectEvent((found: NonNullable<typeof answer>) => {
    if (found.code === 502) {
      forgetVehicle();
      onUnknown();
    } else if (found.car) {
      saveCar(found.car);
      // The registration form saved this VRN on the device; now that the lookup knows the car, a
      // member's garage makes it the current vehicle (its form runs in the home page's first
      // download, this dialog loads later).
      syncSavedVrn(lookup.vrn);
    }
    if (found.models.length > 0) onModels(found.models);
  });
  useEffect(() => {
    if (answer) onAnswer(answer);
  }, [answer]);

  const title = answer?.code === 502 ? 'We could not find that registration' : offeredModels ? 'Which model is it?' : answer?.car ? 'Is this your vehicle?' : 'Looking up your vehicle';
  const count = answer?.parts.length ?? 0;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={title}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <div className={styles.body} aria-busy={isPending || isFetching}>
          <NumberPlate large aria-label={`Registration ${lookup.vrn}`}>
            {lookup.vrn}
          </NumberPlate>
          {isPending ? (
            <InlinePending>Looking up {lookup.vrn}…</InlinePending>
          ) : needsSignal ? (
            <p className={styles.error} role="alert">
              This search needs signal: {lookup.vrn} has not been looked up on this phone before. Your search is kept for when the signal returns, and
              you can ask us to find the part now.
            </p>
          ) : error ? (
            <p className={styles.error} role="alert">
              {isApiError(error) ? error.msg : t('global.error')}
            </p>
          ) : answer?.code === 502 ? (
            <p className={styles.info} role="status">
              {data.msg || 'We could not find a vehicle with that registration.'} Please check the registration, or search by make and model instead.
            </p>
          ) : answer ? (
            <>
              {/* A lookup without a model (LM70 HZY) shows the model the person chose. */}
              {answer.car ? <VehicleDetails car={{ ...answer.car, Model: answer.car.Model ?? search.model ?? null }} /> : null}
              {offeredModels ? (
                <>
                  <p className={styles.info} role="status">
                    {t('filters.vrn_select_model')}
                  </p>
                  <label className={styles.label} htmlFor="lookup-model">
                    Model
                  </label>
                  <select
                    id="lookup-model"
                    className={styles.select}
                    value={model}
                    onChange={(event) => {
                      setModel(event.target.value);
                      onModel(event.target.value);
                    }}
                  >
                    <option value="">Select model</option>
                    {offeredModels.map((row) => (
                      <option key={row.id} value={row.model}>
                        {row.model}
                      </option>
                    ))}
                  </select>
                </>
              ) : answer.code === 501 ? (
                <p className={styles.info} role="status">
                  {data.msg}
                </p>
              ) : (
                <p className={styles.found} role="status">
                  {count === 0
                    ? `We have no ${partTypeName ?? 'parts'} in stock for this vehicle right now. We can look for one for you.`
                    : `${count === 1 ? '1 part' : `${count}${count > 24 ? '+' : ''} parts`}${partTypeName ? ` (${partTypeName})` : ''} found for this vehicle.`}
                </p>
              )}
            </>
          ) : null}
          <div className={styles.actions}>
            {answer && answer.code !== 502 && !error ? (
              <Button variant="accent" disabled={Boolean(offeredModels) || isFetching} onClick={() => onConfirm(search)}>
                {count === 0 ? 'Continue' : 'Show parts'}
              </Button>
            ) : null}
            {needsSignal ? (
              <Button variant="accent" onClick={() => onConfirm(search)}>
                Ask us to find it
              </Button>
            ) : null}
            <Button variant="secondary" onClick={onClose}>
              {answer?.code === 502 || error ? 'Change registration' : 'Not my vehicle'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
