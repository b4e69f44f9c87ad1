import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { zIdentifier } from '@shared/api/generated/hey-api/zod.gen.ts';
import type { MessageKey } from '@shared/i18n/message-key.ts';

// A form's rules are the API's rules: the body a form would queue is checked with the zod
// schema generated from openapi.yaml, and each problem the schema finds becomes a sentence on
// the field it belongs to, naming the schema's own limits. Nothing here repeats a length, a
// pattern or a range by hand, so a change to the OpenAPI document changes the forms with it.

/** One field's problem: a sentence and the values it names (the schema's limits). */
export interface FieldProblem {
  key: MessageKey;
  params?: Record<string, number | string>;
}

/** Form field path (`customer.email`, `items.2.quantity`, or `form`) → its problem. */
export type FieldErrors = Record<string, FieldProblem>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export interface RulesOptions {
  /** The form's field for a body path (`shipping_address.city` → `address.city`). */
  fieldOf?: (bodyPath: string) => string;
  /** A field's own sentence for any problem on it, first match wins (`items.N.quantity`). */
  sentences?: ReadonlyArray<readonly [RegExp, MessageKey]>;
}

// The identifier pattern the document uses for ids, SKUs and warehouse codes gets a sentence
// that explains the allowed characters. The pattern is read off the generated schema itself
// (the issue a space raises), so it cannot drift from openapi.yaml.
const IDENTIFIER_PATTERN = zIdentifier
  .safeParse(' ')
  .error?.issues.find((issue) => issue.code === 'invalid_format')?.pattern;

/** The body, parsed by the schema, or every problem by form field (the first per field). */
export function checkBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  options: RulesOptions = {},
): Checked<z.output<S>> {
  const parsed = schema.safeParse(body, { reportInput: true });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const bodyPath = issue.path.join('.');
    const field = bodyPath === '' ? 'form' : (options.fieldOf?.(bodyPath) ?? bodyPath);
    if (errors[field]) continue;
    const own = options.sentences?.find(([pattern]) => pattern.test(field));
    errors[field] = own ? { key: own[1] } : problemOf(issue);
  }
  return { ok: false, errors };
}

const num = (value: unknown): number => Number(value);

/** The sentence for one schema issue, with the schema's limit when it has one. */
export function problemOf(issue: z.core.$ZodIssue): FieldProblem {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || input === '' || input === null) return { key: 'forms.required' };
      return issue.expected === 'int' ? { key: 'forms.wholeNumber' } : { key: 'forms.notAccepted' };
    case 'too_small':
      if (issue.origin === 'string')
        return input === '' || input === undefined
          ? { key: 'forms.required' }
          : { key: 'forms.tooShort', params: { min: num(issue.minimum) } };
      if (issue.origin === 'array') return { key: 'forms.atLeastOne' };
      return { key: 'forms.atLeast', params: { min: num(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string')
        return { key: 'forms.tooLong', params: { max: num(issue.maximum) } };
      if (issue.origin === 'array')
        return { key: 'forms.tooMany', params: { max: num(issue.maximum) } };
      return { key: 'forms.atMost', params: { max: num(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'forms.email' };
      if (issue.format === 'date') return { key: 'forms.date' };
      if (issue.format === 'regex' && IDENTIFIER_PATTERN && issue.pattern === IDENTIFIER_PATTERN)
        return { key: 'forms.identifier' };
      return { key: 'forms.pattern' };
    case 'invalid_value':
      return { key: 'forms.choice' };
    case 'custom': {
      // A refinement that names its own sentence (the profile's base URL rules).
      const own = (issue.params as { messageKey?: MessageKey } | undefined)?.messageKey;
      return { key: own ?? 'forms.notAccepted' };
    }
    default:
      return { key: 'forms.notAccepted' };
  }
}

/** Mantine form errors: each problem as a sentence in the operator's language. */
export function formErrors(t: TFunction, errors: FieldErrors): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, problem]) => [field, t(problem.key, problem.params ?? {})]),
  );
}
