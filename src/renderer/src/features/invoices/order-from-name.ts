/** The default pattern finds ids like PB-10001 or BT-10002 in "NF-e PB-10001.pdf". */
export const DEFAULT_ORDER_PATTERN = '[A-Z]{2,4}-?\\d{3,}';

/** The first order id found in a file name by the pattern, or null (also for a broken pattern). */
export function orderFromFileName(
  fileName: string,
  pattern = DEFAULT_ORDER_PATTERN,
): string | null {
  try {
    return (
      new RegExp(pattern, 'i').exec(fileName.replace(/\.[^.]+$/, ''))?.[0]?.toUpperCase() ?? null
    );
  } catch {
    return null;
  }
}

/** Whether the pattern compiles; the Invoices screen says so under the field when it does not. */
export function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'i');
    return true;
  } catch {
    return false;
  }
}
