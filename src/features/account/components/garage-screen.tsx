/**
 * 'My garage' (issue 17): the member's vehicles, each named by its label, with the current one
 * marked. A vehicle is added by its registration (looked up by the server: a registration it does
 * not know or a lookup that is down is said under the field) or by make, model and year from the
 * catalogue's lists. Each can become current (its fit shows on every part), be removed after a
 * confirmation, and tell the member when parts for it arrive.
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { GarageVehicle } from '../../../contract/garage';
import { yearOptions } from '../../../domain/dates';
import { vehicleName } from '../../../domain/garage-fit';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { cleanVrn, VRN_MAX_LENGTH } from '../../../domain/vehicle-numbers';
import { isApiError } from '../../../shared/api/api-error';
import { newIdempotencyKey } from '../../../shared/api/idempotency';
import { QUEUED_MESSAGE, sendOrQueue } from '../../../shared/outbox/send-or-queue';
import { useMakes } from '../../../shared/catalogue/get-makes';
import { useModels } from '../../../shared/catalogue/get-models';
import { useNow } from '../../../shared/clock';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useAskedSwitch } from '../../../shared/hooks/use-asked-switch';
import { Button } from '../../../shared/ui/button';
import { ConfirmRemoveDialog } from './confirm-remove-dialog';
import { withCameraClass } from '../../../shared/camera/camera-row';
import { CameraButton } from '../../../shared/camera/camera-slot';
import { Field } from '../../../shared/ui/field';
import { useAddVehicle, useGarage, useMakeCurrent, useRemoveVehicle, useVehicleAlert, type NewVehicle } from '../api/garage';
import styles from './account.module.css';
import garageStyles from './garage.module.css';

/** The text of a failed change: the server's message (422, 409, 503), else a generic one. */
function failure(error: unknown, fallback: string): string {
  return isApiError(error) && error.kind !== 'parse' && error.msg ? error.msg : fallback;
}

/** A field's own message of a 422 (errors.vrn, errors.make…), else the answer's message. */
function fieldFailure(error: unknown, field: string): string {
  if (isApiError(error)) {
    const own = error.errors?.[field];
    const text = Array.isArray(own) ? own[0] : own;
    if (typeof text === 'string' && text) return text;
    if (error.kind !== 'parse' && error.msg) return error.msg;
  }
  return t('garage.failed');
}

export function GarageScreen() {
  const garage = useGarage();
  const remove = useRemoveVehicle();
  const [confirming, setConfirming] = useState<GarageVehicle | null>(null);
  const vehicles = garage.isError ? [] : (garage.data?.vehicles ?? null);

  const confirmRemove = async () => {
    if (!confirming || remove.isPending) return;
    try {
      await remove.mutateAsync(confirming.id);
      toast.success(t('garage.removed', { vehicle: confirming.label }));
      setConfirming(null);
    } catch (error) {
      toast.error(failure(error, t('garage.failed')));
    }
  };

  return (
    <section aria-labelledby="garage-title">
      <div className={styles.screenHead}>
        <h1 id="garage-title">My garage</h1>
      </div>
      <p className={styles.intro}>{t('garage.intro')}</p>
      {garage.isError ? (
        <p role="alert" className={styles.empty}>
          {failure(garage.error, t('global.error'))}
        </p>
      ) : vehicles === null ? (
        <p role="status">Loading your garage…</p>
      ) : vehicles.length === 0 ? (
        <p className={styles.empty}>{t('garage.empty')}</p>
      ) : (
        <ul role="list" className={garageStyles.vehicles} aria-label="Your vehicles">
          {vehicles.map((vehicle) => (
            <VehicleTile key={vehicle.id} vehicle={vehicle} onRemove={() => setConfirming(vehicle)} />
          ))}
        </ul>
      )}

      <section className={styles.section} aria-labelledby="garage-add-title">
        <h2 id="garage-add-title">Add a vehicle</h2>
        <div className={garageStyles.addForms}>
          <AddByRegistration />
          <AddByMakeModel />
        </div>
      </section>

      <ConfirmRemoveDialog
        what={confirming ? confirming.label : null}
        description={t('garage.remove_confirm')}
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

function VehicleTile({ vehicle, onRemove }: { vehicle: GarageVehicle; onRemove: () => void }) {
  const hydrated = useHydrated();
  const makeCurrent = useMakeCurrent();
  const alert = useVehicleAlert();
  const name = vehicleName(vehicle);
  // While the change is sent the box shows what was asked for; the garage read again confirms it.
  const alertSwitch = useAskedSwitch(vehicle.alert_id !== null);
  const headingId = useId();

  const choose = async () => {
    try {
      await makeCurrent.mutateAsync(vehicle.id);
      toast.success(t('garage.now_current', { vehicle: name }));
    } catch (error) {
      toast.error(failure(error, t('garage.failed')));
    }
  };

  const toggleAlert = (on: boolean) =>
    alertSwitch.ask(on, async () => {
      try {
        await alert.mutateAsync({ vehicleId: vehicle.id, alertId: vehicle.alert_id, on });
        toast.success(t(on ? 'alerts.garage_on' : 'alerts.garage_off', { vehicle: name }));
      } catch (error) {
        toast.error(failure(error, t('alerts.failed')));
      }
    });

  return (
    <li className={`${garageStyles.vehicle} ${vehicle.current ? garageStyles.current : ''}`} aria-labelledby={headingId}>
      <div className={garageStyles.vehicleHead}>
        <h3 id={headingId} className={garageStyles.label}>
          {vehicle.label}
        </h3>
        {vehicle.current ? <span className={garageStyles.currentBadge}>Current vehicle</span> : null}
      </div>
      <label className={garageStyles.alert}>
        <input
          type="checkbox"
          checked={alertSwitch.on}
          disabled={!hydrated || alertSwitch.asking}
          onChange={(event) => void toggleAlert(event.target.checked)}
        />
        <span>Tell me when parts arrive</span>
      </label>
      <div className={garageStyles.actions}>
        {vehicle.current ? null : (
          <Button variant="secondary" disabled={!hydrated} aria-disabled={makeCurrent.isPending} aria-busy={makeCurrent.isPending} onClick={() => void choose()}>
            Make current<span className="visually-hidden">: {vehicle.label}</span>
          </Button>
        )}
        <button type="button" className={styles.linkButton} disabled={!hydrated} onClick={onRemove}>
          Remove<span className="visually-hidden"> {vehicle.label}</span>
        </button>
      </div>
    </li>
  );
}

/** The vehicle in words before the shop has looked it up: its registration, or its year, make and model. */
const newVehicleLabel = (body: NewVehicle): string => ('vrn' in body ? body.vrn : [body.year, body.make, body.model].filter(Boolean).join(' '));

function useAdd() {
  const add = useAddVehicle();
  const send = async (body: NewVehicle): Promise<unknown> => {
    const idempotencyKey = newIdempotencyKey();
    try {
      // Without signal it waits in the outbox with this key, and is added when there is.
      const result = await sendOrQueue({ id: idempotencyKey, kind: 'garage-vehicle', label: `Garage vehicle: ${newVehicleLabel(body)}`, body }, () => add.mutateAsync({ body, idempotencyKey }));
      if (result.sent) toast.success(t('garage.added', { vehicle: result.answer.vehicle.label }));
      else toast.info(QUEUED_MESSAGE);
      return null;
    } catch (error) {
      return error;
    }
  };
  return { send, working: add.isPending };
}

function AddByRegistration() {
  const hydrated = useHydrated();
  const { send, working } = useAdd();
  const [vrn, setVrn] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (working) return;
    if (cleanVrn(vrn).length < 2) {
      setProblem(t('filters.vrn_put_vrn'));
      return;
    }
    const error = await send({ vrn: cleanVrn(vrn) });
    if (error) setProblem(fieldFailure(error, 'vrn'));
    else {
      setProblem(undefined);
      setVrn('');
    }
  };

  return (
    <form className={garageStyles.addForm} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="garage-by-vrn">
      <h3 id="garage-by-vrn">By registration</h3>
      <Field label="Registration" error={problem}>
        {(control) => (
          <div className={withCameraClass}>
            <input
              {...control}
              name="vrn"
              value={vrn}
              onChange={(event) => {
                setVrn(event.target.value.toUpperCase());
                setProblem(undefined);
              }}
              className={`${control.className} ${garageStyles.plate}`}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={VRN_MAX_LENGTH + 2}
              placeholder="e.g. AB12 CDE"
              disabled={!hydrated}
            />
            <CameraButton
              kind="plate"
              onRead={(read) => {
                setVrn(read);
                setProblem(undefined);
              }}
            />
          </div>
        )}
      </Field>
      <div>
        <Button type="submit" variant="primary" disabled={!hydrated} aria-disabled={working} aria-busy={working}>
          {working ? 'Looking it up…' : 'Add by registration'}
        </Button>
      </div>
    </form>
  );
}

function AddByMakeModel() {
  const hydrated = useHydrated();
  const now = useNow(60 * 60_000);
  const { send, working } = useAdd();
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [year, setYear] = useState('');
  const [problem, setProblem] = useState<{ field: 'make' | 'model'; text: string } | null>(null);
  const makes = useMakes();
  const models = useModels(make);
  const years = yearOptions(now);
  // The lists may come from the cache kept between visits, restored after the page hydrated but
  // possibly before this lazily loaded screen did: until then it draws what the server drew.
  const makesPending = !hydrated || makes.isPending;
  const makeRows = hydrated ? (makes.data ?? []) : [];
  const modelRows = hydrated ? (models.data ?? []) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (working) return;
    if (!make) {
      setProblem({ field: 'make', text: t('filters.required_make') });
      return;
    }
    const error = await send({ make, ...(model ? { model } : {}), ...(year ? { year: Number(year) } : {}) });
    if (error) {
      const field = isApiError(error) && error.errors?.['model'] ? 'model' : 'make';
      setProblem({ field, text: fieldFailure(error, field) });
    } else {
      setProblem(null);
      setMake('');
      setModel('');
      setYear('');
    }
  };

  return (
    <form className={garageStyles.addForm} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="garage-by-make">
      <h3 id="garage-by-make">By make, model and year</h3>
      <Field label="Make" error={problem?.field === 'make' ? problem.text : undefined}>
        {(control) => (
          <select
            {...control}
            name="make"
            value={make}
            disabled={!hydrated}
            onChange={(event) => {
              setMake(event.target.value);
              setModel('');
              setProblem(null);
            }}
          >
            <option value="">{makesPending ? 'Loading makes…' : makes.isError ? 'Makes could not load' : 'Select make'}</option>
            {makeRows.map((row) => (
              <option key={row.id} value={row.name}>
                {row.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Model (optional)" error={problem?.field === 'model' ? problem.text : undefined}>
        {(control) => (
          <select {...control} name="model" value={model} disabled={!hydrated || make === ''} onChange={(event) => setModel(event.target.value)}>
            <option value="">{make === '' ? 'Select a make first' : models.isPending ? 'Loading models…' : 'Any model'}</option>
            {modelRows.map((row) => (
              <option key={row.id} value={row.model}>
                {row.model}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Year (optional)">
        {(control) => (
          <select {...control} name="year" value={year} disabled={!hydrated} onChange={(event) => setYear(event.target.value)}>
            <option value="">Any year</option>
            {years.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div>
        <Button type="submit" variant="primary" disabled={!hydrated} aria-disabled={working} aria-busy={working}>
          {working ? 'Adding…' : 'Add vehicle'}
        </Button>
      </div>
    </form>
  );
}
