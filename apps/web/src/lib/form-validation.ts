// The forms check with the same Zod schemas as the server and word each failure as the server would
// (the rules of validation.json), so a message never changes between typing and saving.
import { type ValidationRule, validationRules } from '@bottega/contracts/errors';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

function isRule(value: string): value is ValidationRule {
  return (validationRules as readonly string[]).includes(value);
}

/** The localized message of one Zod issue, mirroring the server's mapping (platform/errors.ts). */
export function issueMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  switch (issue.code) {
    case 'custom':
      return t(`validation:${isRule(issue.message) ? issue.message : 'invalid'}`);
    case 'invalid_format':
      if (issue.format === 'email') return t('validation:email');
      if (issue.format === 'date' || issue.format === 'datetime') return t('validation:date');
      return t('validation:invalid');
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return t('validation:required');
      return issue.origin === 'string'
        ? t('validation:minLength', { min: issue.minimum })
        : t('validation:min', { min: issue.minimum });
    case 'too_big':
      return issue.origin === 'string'
        ? t('validation:maxLength', { max: issue.maximum })
        : t('validation:max', { max: issue.maximum });
    case 'invalid_type':
      return t(issue.input === undefined || issue.input === null ? 'validation:required' : 'validation:invalid');
    default:
      return t('validation:invalid');
  }
}

/** Field → first message, for a Mantine form; empty when the values pass. */
export function validateWith(schema: z.ZodType, values: unknown, t: TFunction): Record<string, string> {
  // Zod 4 leaves the failing value out of its issues unless asked: without it a wrong value reads as a missing one.
  const result = schema.safeParse(values, { reportInput: true });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    errors[field] ??= issueMessage(issue, t);
  }
  return errors;
}

/** The server's field errors (already localized) in the form's shape: first message per field. */
export function firstFieldErrors(fieldErrors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors)
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, messages[0] as string]),
  );
}

/** The Italian identifiers staff type: checked as soon as their field is left, not only on save. */
export const identifierFields: readonly string[] = ['fiscalCode', 'vatNumber', 'iban', 'cap'];

/**
 * A useForm option checking the identifier fields the moment one is left, with the form's own check on save
 * (the contracts' schema, so the same words): the field gets its message, or loses the one it had. An empty
 * field is left for the save to judge, so walking through the form does not fill it with "required".
 */
export function identifiersCheckedOnBlur<Values>(errorsOnSave: (values: Values) => Record<string, string>) {
  return {
    enhanceGetInputProps: ({ field, form }: { field: PropertyKey; form: UseFormReturnType<Values> }) => {
      const path = String(field);
      if (!identifierFields.includes(path)) return {};
      return {
        onBlur: () => {
          const values = form.getValues();
          const typed = (values as Record<string, unknown>)[path];
          const message = typeof typed === 'string' && typed.trim() !== '' ? errorsOnSave(values)[path] : undefined;
          if (message) form.setFieldError(path, message);
          else form.clearFieldError(path);
        },
      };
    },
  };
}
