/**
 * SPEC §7 return reasons (issue 15), each with the form the member fills in: return-reasons.json,
 * checked when this module loads by the contract's own field schema (what GET
 * /return-reasons/get/{id} answers) and by the form rules of src/domain/return-form.ts (unique
 * names, choices for radio and select, visible_if naming an earlier field's option).
 */
import * as z from 'zod';
import { returnFormFieldSchema } from '../../../src/contract/returns';
import { returnFormDefinitionProblems, type ReturnFormField } from '../../../src/domain/return-form';
import { readReferenceData } from './load';

const formFields = z.array(z.unknown()).transform((fields, context): ReturnFormField[] => {
  const parsed: ReturnFormField[] = [];
  fields.forEach((field, index) => {
    const result = returnFormFieldSchema.safeParse(field);
    if (result.success) parsed.push(result.data);
    else for (const issue of result.error.issues) context.addIssue({ code: 'custom', path: [index, ...issue.path.map(String)], message: issue.message });
  });
  for (const problem of returnFormDefinitionProblems(parsed)) context.addIssue({ code: 'custom', message: problem });
  return parsed;
});

const returnReasonsFile = z.object({
  returnReasons: z.array(z.object({ id: z.int().positive(), name: z.string().min(1), formFields })),
});

export interface ReturnReasonSeed {
  id: number;
  name: string;
  formFields: readonly ReturnFormField[];
}

/** In the order the reason select offers them. */
export const RETURN_REASONS: readonly ReturnReasonSeed[] = readReferenceData('return-reasons.json', returnReasonsFile).returnReasons;
