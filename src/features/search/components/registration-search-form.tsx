import { useNavigate } from '@tanstack/react-router';
import { Suspense, useRef, useState, type FormEvent } from 'react';
import type { ModelRow } from '../../../contract/catalogue';
import type { PartType } from '../../../contract/part-types';
import { t } from '../../../domain/messages';
import { registrationSearchProblem, type SearchProblem } from '../../../domain/search';
import { cleanVrn, VRN_MAX_LENGTH } from '../../../domain/vehicle-numbers';
import { CameraButton } from '../../../shared/camera/camera-slot';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { PartTypeSelect } from '../../../shared/ui/part-type-select';
import { savedVrn, saveVrn } from '../saved-vehicle';
import { useUpperCase } from '../use-upper-case';
import { FormNotice } from './form-notice';
import type { Lookup } from './lookup';
import styles from './search-form.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const LookupDialog = lazyWhenOnline(() => import('./lookup-dialog'));

export interface RegistrationInitial {
  vrn?: string | undefined;
  partType?: number | undefined;
  model?: string | undefined;
}

/** SPEC §5: a registration longer than this opens the lookup modal instead of searching at once. */
const LOOKUP_FROM_LENGTH = 3;

/**
 * Search by vehicle registration (VRN) and part type (SPEC §2, §4, §5). The lookup modal shows the
 * car found before the results; when the registration matches several models the server offers
 * them, and a model becomes required.
 */
export function RegistrationSearchForm({ partTypes, initial, onEdit }: { partTypes: PartType[]; initial?: RegistrationInitial | undefined; onEdit: () => void }) {
  const navigate = useNavigate();
  const [vrn, setVrn] = useState(() => initial?.vrn ?? savedVrn());
  const [partType, setPartType] = useState(initial?.partType ? String(initial.partType) : '');
  const [models, setModels] = useState<ModelRow[]>([]);
  const [model, setModel] = useState(initial?.model ?? '');
  const [problem, setProblem] = useState<SearchProblem | null>(null);
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const vrnRef = useRef<HTMLInputElement>(null);
  const partTypeRef = useRef<HTMLSelectElement>(null);
  const modelRef = useRef<HTMLSelectElement>(null);
  useUpperCase(vrnRef, vrn, setVrn);

  const modelsOffered = models.length > 0;
  // SPEC §4: the button works once a registration is typed (and a model chosen when asked for).
  const ready = cleanVrn(vrn) !== '' && (!modelsOffered || model !== '');

  const changeVrn = (value: string) => {
    setVrn(value);
    // Models belong to the registration they were offered for.
    setModels([]);
    setModel('');
    setProblem(null);
    onEdit();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = registrationSearchProblem({ vrn, partType, modelsOffered, model });
    setProblem(found);
    if (found) {
      (found.field === 'vrn' ? vrnRef : found.field === 'model' ? modelRef : partTypeRef).current?.focus();
      return;
    }
    const cleaned = saveVrn(vrn);
    const search: Lookup = { vrn: cleaned, partType: Number(partType), model: model || undefined };
    if (cleaned.length >= LOOKUP_FROM_LENGTH) setLookup(search);
    else void navigate({ to: '/categories', search });
  };

  const fieldError = (field: SearchProblem['field']) => (problem?.field === field && problem.level === 'warning' ? t(problem.key) : undefined);
  const chosenPartType = partTypes.find((row) => String(row.ID) === partType);

  return (
    <form className={`${styles.form} ${styles.row}`} noValidate onSubmit={submit} aria-label="Search by registration">
      <Field label="Enter registration" error={fieldError('vrn')}>
        {({ className, ...control }) => (
          <div className={styles.plate}>
            <span className={styles.plateBand} aria-hidden="true">
              UK
            </span>
            <input
              {...control}
              ref={vrnRef}
              name="vrn"
              value={vrn}
              onChange={(event) => changeVrn(event.target.value)}
              className={`${className} ${styles.plateInput}`}
              type="text"
              inputMode="text"
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="search"
              maxLength={VRN_MAX_LENGTH}
              placeholder="e.g. AB12 CDE"
            />
            <CameraButton
              kind="plate"
              onRead={(read) => {
                // Shown in the field for the person to check and search: never searched by itself.
                changeVrn(read);
                vrnRef.current?.focus();
              }}
            />
          </div>
        )}
      </Field>
      <PartTypeSelect
        partTypes={partTypes}
        value={partType}
        onChange={(value) => {
          setPartType(value);
          setProblem(null);
          onEdit();
        }}
        error={fieldError('partType')}
        selectRef={partTypeRef}
      />
      {modelsOffered ? (
        <Field label="Model" error={fieldError('model')}>
          {(control) => (
            <select {...control} ref={modelRef} value={model} onChange={(event) => setModel(event.target.value)} required>
              <option value="">Select model</option>
              {models.map((row) => (
                <option key={row.id} value={row.model}>
                  {row.model}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <div className={styles.submitCell}>
        <Button type="submit" variant="accent" className={styles.submit} aria-disabled={!ready}>
          Find parts
        </Button>
      </div>
      <FormNotice problem={problem} />
      {lookup ? (
        <Suspense fallback={null}>
          <LookupDialog
            lookup={lookup}
            partTypeName={chosenPartType?.Name}
            onModels={(offered) => setModels(offered)}
            onModel={(chosen) => setModel(chosen)}
            onUnknown={() => {
              // SPEC §8, code 502: the vehicle is removed and the form cleared.
              setVrn('');
              setModels([]);
              setModel('');
            }}
            onConfirm={(search) => {
              setLookup(null);
              void navigate({ to: '/categories', search });
            }}
            onClose={() => setLookup(null)}
            onClosed={() => vrnRef.current?.focus()}
          />
        </Suspense>
      ) : null}
    </form>
  );
}
