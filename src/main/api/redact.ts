/**
 * Removes every known secret from a text. Also catches the key when it was URL- or JSON-encoded,
 * since that is how it leaks into URLs and logged bodies.
 */
export function redact(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    for (const form of new Set([
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1),
    ])) {
      out = out.split(form).join(mask(secret));
    }
  }
  return out;
}

/** What the UI may show of a key: its last four characters. */
export const mask = (secret: string): string => `••••${secret.slice(-4)}`;
