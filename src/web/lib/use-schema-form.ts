import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import { type FieldError, type FieldValues, type Path, useForm, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Problem } from '../../shared/schemas/problem';

/**
 * Every form validates with the very schemas the server uses (src/shared/schemas), so a person sees
 * the same rule inline that the server would apply. Schema messages are catalogue keys (`field.*`,
 * translated from the `errors` namespace); server field errors arrive already translated.
 */

export type SchemaForm<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): SchemaForm<S> {
  // Validate a field when it is left, then on every change once it showed an error.
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', reValidateMode: 'onChange', ...props, resolver: zodResolver(schema) });
}

/** The text for a field's error: a server text as is, a schema key from the errors catalogue. */
export function useFieldErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (error) => {
      if (!error?.message) return error ? t('errors:field.invalid') : undefined;
      if (error.type === 'server') return error.message;
      return t(error.message.startsWith('field.') ? `errors:${error.message}` : 'errors:field.invalid');
    },
    [t],
  );
}

/**
 * Puts a problem's per-field errors (RFC 9457 `errors`) on the form's fields and focuses the first.
 * `codeFields` names the field a problem without per-field errors is about (email_taken → email), so
 * that its detail shows there too; `otherwise` names the field that shows any other problem's detail
 * (a one-field dialog has nowhere else to say it). Answers whether any field received an error.
 */
export function applyProblemToForm<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  problem: Problem,
  fields: readonly Path<T>[],
  { codeFields = {}, otherwise }: { codeFields?: Partial<Record<string, Path<T>>>; otherwise?: Path<T> } = {},
): boolean {
  const entries: [Path<T>, string][] = [];
  for (const [name, messages] of Object.entries(problem.errors ?? {})) {
    const field = fields.find((candidate) => candidate === name);
    const message = messages[0];
    if (field && message) entries.push([field, message]);
  }
  const codeField = codeFields[problem.code] ?? otherwise;
  if (entries.length === 0 && codeField) entries.push([codeField, problem.detail]);
  entries.forEach(([field, message], index) => form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
  return entries.length > 0;
}
