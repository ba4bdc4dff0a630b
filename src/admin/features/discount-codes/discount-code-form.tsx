import { useNavigate } from '@tanstack/react-router';
import { type Resolver, useForm } from 'react-hook-form';
import { type DiscountCodeForm, discountCodeFormSchema, formProblems } from '../../../domain/admin-content';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, Notice, PageHeading, SelectField, TextField, useToast } from '../../ui';
import { useCreateDiscountCode } from './api';

/** The form as typed: amounts in pounds, blanks for none. */
interface Values {
  code: string;
  display_name: string;
  kind: 'PERCENT' | 'AMOUNT';
  value: string;
  valid_from: string;
  valid_to: string;
  usage_limit: string;
  minimum_basket: string;
}

const pence = (pounds: string) => Math.round(Number(pounds) * 100);
const numberOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The call's body from what was typed: percents as typed, pounds to pence, blanks to none. */
function bodyOf(values: Values): DiscountCodeForm {
  const value = numberOrNaN(values.value);
  return {
    code: values.code,
    display_name: values.display_name,
    kind: values.kind,
    value: values.kind === 'AMOUNT' ? pence(values.value) : value,
    valid_from: values.valid_from,
    valid_to: values.valid_to,
    usage_limit: values.usage_limit.trim() === '' ? null : Number(values.usage_limit),
    minimum_basket: values.minimum_basket.trim() === '' ? null : pence(values.minimum_basket),
  };
}

/** The shop's own rules (src/domain/admin-content.ts) on the body the form would send. */
const resolver: Resolver<Values> = async (values) => {
  const problems = formProblems(discountCodeFormSchema, bodyOf(values));
  const names = Object.keys(problems);
  if (names.length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(names.map((name) => [name, { type: 'validate', message: problems[name] }])) };
};

/** A new discount code: the code, what it takes off, when, how often and from what basket. */
export function NewDiscountCodeScreen() {
  const create = useCreateDiscountCode();
  const notify = useToast();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<Values>({
    resolver,
    defaultValues: { code: '', display_name: '', kind: 'PERCENT', value: '', valid_from: '', valid_to: '', usage_limit: '', minimum_basket: '' },
  });
  const server = fieldErrorsOf(create.error);
  const error = (name: keyof Values) => errors[name]?.message ?? server[name];
  const percent = watch('kind') === 'PERCENT';

  return (
    <>
      <PageHeading title="New discount code" description="Customers type the code in their cart; it works as soon as it is saved." />
      {create.error && Object.keys(server).length === 0 ? <Notice tone="error">{messageOf(create.error)}</Notice> : null}
      <form
        className="bo-form bo-form--narrow"
        noValidate
        onSubmit={handleSubmit((values) =>
          create.mutate(bodyOf(values), {
            onSuccess: (answer) => {
              notify(answer.msg);
              void navigate({ to: '/discount-codes' });
            },
          }),
        )}
      >
        <TextField label="Code" hint="Letters, digits and dashes; customers may type it in any case." autoComplete="off" {...register('code')} error={error('code')} />
        <TextField label="Name customers see" hint="E.g. '10% off spring orders'." {...register('display_name')} error={error('display_name')} />
        <SelectField
          label="Takes off"
          options={[
            { value: 'PERCENT', label: 'A percent of the parts' },
            { value: 'AMOUNT', label: 'A fixed amount (VAT included)' },
          ]}
          {...register('kind')}
          error={error('kind')}
        />
        <TextField label={percent ? 'Percent off' : 'Amount off (£)'} inputMode="decimal" {...register('value')} error={error('value')} />
        <TextField label="Minimum basket (£)" hint="The parts' total, VAT included. Leave empty for any basket." inputMode="decimal" {...register('minimum_basket')} error={error('minimum_basket')} />
        <TextField label="First day" type="date" hint="Leave empty to start now." {...register('valid_from')} error={error('valid_from')} />
        <TextField label="Last day" type="date" hint="Valid to the end of this day (UK time). Leave empty for no end." {...register('valid_to')} error={error('valid_to')} />
        <TextField label="Orders that may use it" inputMode="numeric" hint="Leave empty for no limit." {...register('usage_limit')} error={error('usage_limit')} />
        <Button type="submit" busy={create.isPending}>
          Create discount code
        </Button>
      </form>
    </>
  );
}
