/**
 * The marketing questionnaire (SPEC §3 'Marketing profile answers'): the private or the company
 * questions of src/domain/member-forms.ts, each as its kind asks — a checkbox group or a select
 * (with '--- select ---' as the empty choice, which SPEC §5 refuses) — and, where the question has
 * it, an 'Other' text field that shows once 'Other' is chosen (at least 3 characters, §5).
 */
import type { UseFormRegister } from 'react-hook-form';
import { QUESTIONNAIRE, OTHER_OPTION } from '../../../domain/member-forms';
import type { MemberType } from '../../../domain/checkout-form';
import { OTHER_ANSWER_MIN_LENGTH } from '../../../domain/validation';
import { Field } from '../../../shared/ui/field';
import { choseOther, type AnswerValue, type RegisterValues } from './register-values';
import forms from '../../../shared/forms/forms.module.css';
import styles from './register-page.module.css';

interface QuestionnaireFieldsProps {
  type: MemberType;
  answers: Readonly<Record<string, AnswerValue | undefined>>;
  register: UseFormRegister<RegisterValues>;
  error: (path: string) => string | undefined;
}

export function QuestionnaireFields({ type, answers, register, error }: QuestionnaireFieldsProps) {
  return (
    <div className={styles.questions}>
      {QUESTIONNAIRE[type].map((question) => {
        const chosenPath = `answers.${question.key}.chosen` as const;
        const otherPath = `answers.${question.key}.other` as const;
        const problem = error(chosenPath);
        const problemId = `question-${question.key}-error`;
        const other =
          question.other && choseOther(answers[question.key]) ? (
            <Field label={`${OTHER_OPTION}: please tell us more`} hint={`At least ${OTHER_ANSWER_MIN_LENGTH} characters.`} error={error(otherPath)}>
              {(control) => <input {...control} {...register(otherPath)} type="text" maxLength={200} />}
            </Field>
          ) : null;
        if (question.kind === 'select') {
          return (
            <div key={question.key} className={styles.question}>
              <Field label={question.question} error={problem}>
                {(control) => (
                  <select {...control} {...register(chosenPath)} defaultValue="">
                    <option value="">--- select ---</option>
                    {question.options.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {other}
            </div>
          );
        }
        return (
          <fieldset key={question.key} className={styles.question} aria-describedby={problem ? problemId : undefined}>
            <legend className={styles.questionTitle}>
              {question.question} <span className={styles.optional}>(choose any)</span>
            </legend>
            <div className={styles.options}>
              {question.options.map((option) => (
                <label key={option} className={forms.check}>
                  <input type="checkbox" value={option} {...register(chosenPath)} />
                  <span>{option}</span>
                </label>
              ))}
            </div>
            {problem ? (
              <span id={problemId} className={forms.fieldError}>
                {problem}
              </span>
            ) : null}
            {other}
          </fieldset>
        );
      })}
    </div>
  );
}
