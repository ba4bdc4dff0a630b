import { useSuspenseQuery } from '@tanstack/react-query';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { formProblems, LOYALTY_LEVELS_MAX, type LoyaltyForm, loyaltyFormSchema } from '../../../domain/admin-content';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, Notice, PageHeading, TextField, useToast } from '../../ui';
import { MarkdownField } from '../../ui/markdown-field';
import { loyaltyQuery, useSaveLoyalty } from './api';
import styles from './loyalty.module.css';

/** A level as typed: the amount in pounds, the percent as text. */
interface LevelValues {
  name: string;
  color: string;
  icon: string;
  discount: string;
  amount_from: string;
}
interface Values {
  levels: LevelValues[];
  top_text: string;
  bottom_text: string;
}

const numberOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function bodyOf(values: Values): LoyaltyForm {
  return {
    levels: values.levels.map((level) => ({
      name: level.name,
      color: level.color,
      icon: level.icon,
      discount: numberOrNaN(level.discount),
      amount_from: Math.round(numberOrNaN(level.amount_from) * 100),
    })),
    top_text: values.top_text,
    bottom_text: values.bottom_text,
  };
}

/** Problems keyed by path ('levels.1.amount_from'); react-hook-form reads the same paths. */
const resolver: Resolver<Values> = async (values) => {
  const problems = formProblems(loyaltyFormSchema, bodyOf(values));
  if (Object.keys(problems).length === 0) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(problems)) {
    const [first, index, field] = path.split('.');
    if (first === 'levels' && index !== undefined && field !== undefined) {
      const levels = (errors.levels ??= []) as Record<string, { type: string; message: string }>[];
      levels[Number(index)] = { ...levels[Number(index)], [field]: { type: 'validate', message } };
    } else if (first) errors[first] = { type: 'validate', message };
  }
  return { values: {}, errors: errors as never };
};

/** '#rrggbb' for the colour input from a stored 'rgba(r, g, b, a)' or '#rrggbb'. */
function hexOf(color: string): string {
  if (color.startsWith('#')) return color;
  const parts = /(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(color);
  if (!parts) return '#000000';
  return `#${parts.slice(1, 4).map((part) => Number(part).toString(16).padStart(2, '0')).join('')}`;
}

/** The loyalty levels (lowest first) and the loyalty page's texts; the shop and the cart use them at once. */
export function LoyaltyScreen() {
  const { data } = useSuspenseQuery(loyaltyQuery());
  const save = useSaveLoyalty();
  const notify = useToast();
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      levels: data.settings.levels.map((level) => ({ name: level.name, color: hexOf(level.color), icon: level.icon, discount: String(level.discount), amount_from: (level.amount_from / 100).toFixed(2) })),
      top_text: data.settings.top_text,
      bottom_text: data.settings.bottom_text,
    },
  });
  const levels = useFieldArray({ control, name: 'levels' });
  const server = fieldErrorsOf(save.error);
  const levelError = (index: number, field: keyof LevelValues) => errors.levels?.[index]?.[field]?.message ?? server[`levels.${index}.${field}`];

  return (
    <>
      <PageHeading title="Loyalty" description="Members reach a level by what their paid orders came to; its discount comes off the parts in their cart." />
      {save.error && Object.keys(server).length === 0 ? <Notice tone="error">{messageOf(save.error)}</Notice> : null}
      {errors.levels?.root?.message || errors.levels?.message || server.levels ? <Notice tone="error">{errors.levels?.message ?? server.levels}</Notice> : null}
      <form className="bo-form" noValidate onSubmit={handleSubmit((values) => save.mutate(bodyOf(values), { onSuccess: (answer) => notify(answer.msg) }))}>
        <fieldset className={styles.levels}>
          <legend>Levels, lowest first</legend>
          {levels.fields.map((field, index) => (
            <div key={field.id} className={styles.level} role="group" aria-label={`Level ${index + 1}`}>
              <TextField label="Name" {...register(`levels.${index}.name`)} error={levelError(index, 'name')} />
              <TextField label="From (£)" inputMode="decimal" {...register(`levels.${index}.amount_from`)} error={levelError(index, 'amount_from')} />
              <TextField label="Off (%)" inputMode="decimal" {...register(`levels.${index}.discount`)} error={levelError(index, 'discount')} />
              <TextField label="Colour" type="color" {...register(`levels.${index}.color`)} error={levelError(index, 'color')} />
              <TextField label="Icon" {...register(`levels.${index}.icon`)} error={levelError(index, 'icon')} />
              <Button variant="quiet" small onClick={() => levels.remove(index)} disabled={levels.fields.length === 1} aria-label={`Remove level ${index + 1}`}>
                Remove
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            small
            disabled={levels.fields.length >= LOYALTY_LEVELS_MAX}
            onClick={() => levels.append({ name: '', color: '#5a6e8c', icon: 'medal', discount: '', amount_from: '' })}
          >
            Add a level
          </Button>
        </fieldset>
        <MarkdownField label="Text above the levels" rows={8} {...register('top_text')} value={watch('top_text')} error={errors.top_text?.message ?? server.top_text} />
        <MarkdownField label="Text below the levels" rows={6} {...register('bottom_text')} value={watch('bottom_text')} error={errors.bottom_text?.message ?? server.bottom_text} />
        <Button type="submit" busy={save.isPending}>
          Save loyalty levels
        </Button>
      </form>
    </>
  );
}
