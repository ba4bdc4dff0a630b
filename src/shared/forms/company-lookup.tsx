/**
 * The company's VAT check of the UI kit (SPEC §7 GET /gus/index/{nip}): 'Find my company' beside
 * the VAT number asks the register, says what it found (or why it could not), and hands the report
 * to the form, which merges it into the billing address its own way. Used by registration and the
 * account's 'My details'.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { lookupVatNumber, type VatReport } from '../../contract/vat';
import { t } from '../../domain/messages';
import { failureText } from '../account/failure-text';
import { isApiError } from '../api/api-error';
import { apiOf } from '../api/client';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import type { KitRegister } from './fieldsets';
import '../../domain/messages-more';

/** Asked when the person presses 'Find my company', so a mutation (no cache: each press asks again). */
export function useVatLookup() {
  return useMutation({
    mutationKey: ['vat-lookup'],
    mutationFn: (nip: string, { client }) => apiOf(client)(lookupVatNumber, { params: { nip } }),
  });
}

interface CompanyLookupForm {
  /** The VAT number as typed. */
  number: () => string;
  /** Shows a problem under the VAT number ('validate' for the form's own check, 'server' for the server's); null clears it. */
  problem: (message: string | null, type?: 'validate' | 'server') => void;
  /** The register's report, to merge into the billing address. */
  found: (report: VatReport) => void;
  /** What a failure other than the server's answers says. */
  failure?: (error: unknown) => string;
}

export type CompanyLookup = ReturnType<typeof useCompanyLookup>;

/** The lookup's state and its 'Find my company' action. */
export function useCompanyLookup({ number, problem, found, failure = failureText }: CompanyLookupForm) {
  const vat = useVatLookup();
  const [status, setStatus] = useState<string | null>(null);
  const find = async () => {
    if (vat.isPending) return;
    const typed = number().trim();
    setStatus(null);
    if (typed === '') {
      problem(t('validation.empty'), 'validate');
      return;
    }
    problem(null);
    try {
      const { report } = await vat.mutateAsync(typed);
      found(report);
      setStatus(t('auth.vat_lookup_found', { name: report.company_name }));
    } catch (error) {
      if (isApiError(error) && error.status === 422) problem(error.errors.nip?.[0] ?? error.msg, 'server');
      else if (isApiError(error) && error.status === 404) setStatus(t('auth.vat_lookup_not_found'));
      else if (isApiError(error) && error.status === 503) setStatus(t('auth.vat_lookup_unavailable'));
      else setStatus(failure(error));
    }
  };
  return { find, status, pending: vat.isPending, clearStatus: () => setStatus(null) };
}

interface VatNumberFieldProps {
  register: KitRegister;
  error: string | undefined;
  hint: string;
  lookup: CompanyLookup;
  className: string | undefined;
  buttonClassName?: string | undefined;
  statusClassName: string | undefined;
  /** A spinner's class: shown in the button while the register is asked. */
  spinnerClassName?: string | undefined;
  disabled?: boolean;
}

/** The VAT number with 'Find my company' and the lookup's status line. */
export function VatNumberField({ register, error, hint, lookup, className, buttonClassName, statusClassName, spinnerClassName, disabled }: VatNumberFieldProps) {
  return (
    <div className={className}>
      <Field label="VAT number" hint={hint} error={error}>
        {(control) => <input {...control} {...register('member_address.vat_no')} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} />}
      </Field>
      <Button variant="secondary" onClick={() => void lookup.find()} disabled={disabled} aria-disabled={lookup.pending} aria-busy={lookup.pending} className={buttonClassName}>
        {lookup.pending && spinnerClassName ? <span className={spinnerClassName} aria-hidden="true" /> : null}
        Find my company
      </Button>
      <p className={statusClassName} aria-live="polite">
        {lookup.status}
      </p>
    </div>
  );
}
