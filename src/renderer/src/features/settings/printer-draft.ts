import type { TFunction } from 'i18next';
import { printerSettingsSchema, type PrinterSettings } from '@shared/printing.ts';
import { checkBody, formErrors } from '@renderer/ui/forms/api-rules.ts';

// The printer form's fields and the settings they write. A target is one string in the
// settings (tcp://host:port or cups:QUEUE); the form asks for its parts, and its rules are
// printerSettingsSchema's, each problem on the target said on the field it came from.

export type PrinterKind = 'none' | 'tcp' | 'cups';

export interface PrinterDraft {
  kind: PrinterKind;
  host: string;
  /** Empty: the Zebra raw port (9100), which the target then leaves out. */
  port: number | string;
  queue: string;
  dpmm: string;
  autoPrint: boolean;
}

export const DEFAULT_PORT = 9100;

/** The form's fields for saved settings. */
export function draftOf(settings: PrinterSettings): PrinterDraft {
  const draft: PrinterDraft = {
    kind: 'none',
    host: '',
    port: DEFAULT_PORT,
    queue: '',
    dpmm: String(settings.dpmm),
    autoPrint: settings.autoPrint,
  };
  const target = settings.target ?? '';
  if (target.startsWith('cups:')) return { ...draft, kind: 'cups', queue: target.slice(5) };
  const tcp = /^tcp:\/\/(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(target);
  if (!tcp) return draft;
  return { ...draft, kind: 'tcp', host: tcp[1] ?? '', port: Number(tcp[2] ?? DEFAULT_PORT) };
}

/** The target the fields write: null for no printer, '' when a needed part is missing. */
export function targetOf(draft: PrinterDraft): string | null {
  if (draft.kind === 'none') return null;
  if (draft.kind === 'cups') return draft.queue.trim() && `cups:${draft.queue.trim()}`;
  const host = draft.host.trim();
  if (!host) return '';
  // An IPv6 address keeps its brackets, so its colons are not read as the port's.
  const written = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return draft.port === '' ? `tcp://${written}` : `tcp://${written}:${draft.port}`;
}

export const settingsOf = (draft: PrinterDraft) => ({
  target: targetOf(draft),
  dpmm: Number(draft.dpmm),
  autoPrint: draft.autoPrint,
});

/** The form's errors by field, from the shared schema (empty when the settings are valid). */
export function validatePrinter(t: TFunction, draft: PrinterDraft): Record<string, string> {
  const targetField = draft.kind === 'cups' ? 'queue' : 'host';
  const checked = checkBody(printerSettingsSchema, settingsOf(draft), {
    fieldOf: (path) => (path === 'target' ? targetField : path),
    sentences: [
      [/^host$/, 'printing.errors.host'],
      [/^queue$/, 'printing.errors.queue'],
    ],
  });
  return checked.ok ? {} : formErrors(t, checked.errors);
}
