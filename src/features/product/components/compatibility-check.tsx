/**
 * The part page's compatibility check (SPEC §2, §4): none → a registration is submitted → the
 * car found and the level badge. Remove clears the car, the registration and the result. The
 * result is kept in session storage for this part, so coming back to the page shows it again;
 * the registration is saved as the search forms save it (src/shared/vehicle).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { SearchCar } from '../../../contract/catalogue';
import { compatibility } from '../../../domain/compatibility';
import { t } from '../../../domain/messages';
import { cleanVrn, VRN_MAX_LENGTH } from '../../../domain/validation';
import { isApiError } from '../../../shared/api/api-error';
import { CompatibilityBadge } from '../../../shared/product/compatibility-badge';
import { readStored, removeStored, writeStored } from '../../../shared/storage';
import { withCameraClass } from '../../../shared/camera/camera-row';
import { CameraButton } from '../../../shared/camera/camera-slot';
import { Button } from '../../../shared/ui/button';
import { saveCar, savedVrn } from '../../../shared/vehicle/saved-vehicle';
import { useSaveVrn } from '../../../shared/vehicle/use-save-vrn';
import { useCheckCompatibility, type CompatibilityAnswer } from '../api/check-compatibility';
import styles from './compatibility-check.module.css';

interface StoredCheck {
  vrn: string;
  car: SearchCar;
  level: CompatibilityAnswer['CompatabilityLevel'];
}

const storageKey = (tag: string) => `productCompatibility:${tag}`;

function readCheck(tag: string): StoredCheck | null {
  const raw = readStored('session', storageKey(tag));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StoredCheck;
    return typeof value.vrn === 'string' && value.car && typeof value.level === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** What the level means for this part, in a mechanic's words. */
function advice(level: number, likelyNote: string): string {
  const fit = compatibility(level);
  if (fit.className === 'exact') return 'Our records match this part to your vehicle, including the engine code.';
  if (fit.className === 'likely') return likelyNote || 'This part fits your model and year. Please check the part number against your original.';
  if (fit.className === 'optional') return 'This part fits a related model with the same engine. Check the part number against your original before ordering.';
  return 'We have no record of this part fitting your vehicle. Check the part number against your original, or ask us before ordering.';
}

interface CompatibilityCheckProps {
  tag: string;
  likelyMatchNote: string;
}

export function CompatibilityCheck({ tag, likelyMatchNote }: CompatibilityCheckProps) {
  const inputId = useId();
  const [result, setResult] = useState<StoredCheck | null>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const check = useCheckCompatibility();
  const saveVrn = useSaveVrn();
  // Browser storage exists only in the browser: read once the page is there, so the server's
  // first paint and the browser's first render agree.
  useEffect(() => {
    const stored = readCheck(tag);
    setResult(stored);
    setTyped((current) => current || (stored?.vrn ?? savedVrn()));
  }, [tag]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.isPending) return;
    const vrn = cleanVrn(typed);
    if (vrn.length < 2) {
      setProblem(t('filters.vrn_put_vrn'));
      return;
    }
    setProblem(null);
    try {
      const answer = await check.mutateAsync({ tag, vrn });
      if (!answer.car) {
        setProblem(answer.msg || t('filters.vrn_not_found'));
        return;
      }
      const stored: StoredCheck = { vrn, car: answer.car, level: answer.CompatabilityLevel };
      saveVrn(vrn);
      saveCar(answer.car);
      writeStored('session', storageKey(tag), JSON.stringify(stored));
      setResult(stored);
    } catch (error) {
      setProblem(isApiError(error) ? error.msg : t('global.error'));
    }
  };

  const remove = () => {
    removeStored('session', storageKey(tag));
    // SPEC §4: an empty saved VRN forgets the car; a member's garage then has no current vehicle.
    saveVrn('');
    setResult(null);
    setTyped('');
    setProblem(null);
    check.reset();
    // The form takes the result's place: put focus where the person can type again.
    window.setTimeout(() => document.getElementById(inputId)?.focus(), 0);
  };

  if (result) {
    const { car } = result;
    const vehicle = [car.Year, car.Make, car.Model].filter(Boolean).join(' ');
    return (
      <div className={styles.result} role="status">
        <div className={styles.resultHead}>
          <p className={styles.plate}>{result.vrn}</p>
          <div>
            <p className={styles.vehicle}>{vehicle}</p>
            <p className={styles.detail}>{[car.Style, car.Transmssion, car.EngineCode && `engine ${car.EngineCode}`].filter(Boolean).join(' · ')}</p>
          </div>
        </div>
        <CompatibilityBadge level={result.level} />
        <p className={styles.advice}>{advice(result.level, likelyMatchNote)}</p>
        <Button variant="secondary" onClick={remove}>
          Remove<span className="visually-hidden"> vehicle {result.vrn}</span>
        </Button>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={inputId} className={styles.label}>
        Check this part fits your vehicle
      </label>
      <p className={styles.hint} id={`${inputId}-hint`}>
        Enter your registration number, e.g. AB12 CDE.
      </p>
      <div className={styles.row}>
        <div className={withCameraClass}>
          <input
            id={inputId}
            className={styles.reg}
            value={typed}
            onChange={(event) => setTyped(event.target.value.toUpperCase())}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={VRN_MAX_LENGTH + 2}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-problem` : ''}`}
          />
          <CameraButton
            kind="plate"
            onRead={(read) => {
              setTyped(read);
              document.getElementById(inputId)?.focus();
            }}
          />
        </div>
        <Button type="submit" variant="primary" aria-disabled={check.isPending}>
          {check.isPending ? 'Checking…' : 'Check'}
        </Button>
      </div>
      {problem ? (
        <p id={`${inputId}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
