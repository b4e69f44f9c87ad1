import { ValidationError } from './errors.ts';

// URL parsing resolves "." and ".." segments (also when percent-encoded as %2e), so no encoding
// keeps them inside /orders/{id}: they are refused before anything is sent.
const DOT_SEGMENTS = new Set(['', '.', '..']);

/** One value as exactly one path segment: every character that could end it is encoded. */
export function pathSegment(value: string, name: string): string {
  if (DOT_SEGMENTS.has(value)) {
    throw new ValidationError({
      code: 'invalid_path_segment',
      messageKey: 'errors.api.invalid_path_segment',
      message: `The ${name} "${value}" cannot be sent: it would not name one item in the URL path.`,
      details: [{ path: name, message: 'must not be empty, "." or ".."' }],
    });
  }
  return encodeURIComponent(value);
}

/**
 * Fills `{name}` placeholders of a path template (a profile may override the template). Names
 * are looked up as own properties only: "{constructor}" is no way into Object.prototype.
 */
export function fillPath(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!Object.hasOwn(values, name)) {
      throw new ValidationError({
        code: 'invalid_path_template',
        messageKey: 'errors.api.invalid_path_template',
        message: `The path ${template} has a placeholder {${name}} this operation does not fill.`,
      });
    }
    return pathSegment(values[name] as string, name);
  });
}
