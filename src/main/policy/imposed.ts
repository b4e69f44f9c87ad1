import type { RecordsSettings } from '../../shared/records.ts';
import type { CameraSettings } from '../../shared/camera.ts';
import type { CoordinationSettings } from '../../shared/coordination.ts';
import type { DocumentPrinterSettings } from '../../shared/documents.ts';
import type { PackSettings } from '../../shared/pack/types.ts';
import type { ProfileInput } from '../../shared/profile.ts';
import type { PolicyView } from '../../shared/policy/view.ts';
import { POLICY_SECTIONS, type Policy } from '../../shared/policy/schema.ts';
import type { PrinterSettings } from '../../shared/printing.ts';
import type { Imposed } from '../platform/policy-lock.ts';
import type { LoadedPolicy } from './policy-file.ts';

// A loaded policy as each settings file takes it: the values IT set, and whether they are
// locked. A section the policy does not name imposes nothing.

/** The policy's profiles as the profile store takes them (issue #31). */
export interface ImposedProfiles {
  list: ProfileInput[];
  active: string | undefined;
  locked: boolean;
  file: string;
}

export function imposedProfiles(loaded: LoadedPolicy | null): ImposedProfiles | null {
  const section = loaded?.policy.profiles;
  if (!loaded || !section) return null;
  return {
    list: section.list.map((p) => ({
      name: p.name,
      environment: p.environment,
      baseUrl: p.baseUrl ?? null,
      ...(p.apiVersion ? { apiVersion: p.apiVersion } : {}),
      ...(p.orderWindowDays ? { orderWindowDays: p.orderWindowDays } : {}),
      ...(p.overrides ? { overrides: p.overrides } : {}),
    })),
    active: section.active,
    locked: section.locked === true,
    file: loaded.file,
  };
}

export interface ImposedSettings {
  labelPrinter: Imposed<PrinterSettings> | null;
  documentPrinter: Imposed<DocumentPrinterSettings> | null;
  packing: Imposed<PackSettings> | null;
  coordination: Imposed<CoordinationSettings> | null;
  records: Imposed<RecordsSettings> | null;
  camera: Imposed<CameraSettings> | null;
}

function section<T>(
  file: string,
  part: ({ locked?: boolean | undefined } & Partial<T>) | undefined,
): Imposed<T> | null {
  if (!part) return null;
  const { locked, ...values } = part;
  return { values: values as Partial<T>, locked: locked === true, file };
}

export function imposedBy(loaded: LoadedPolicy | null): ImposedSettings {
  if (!loaded)
    return {
      labelPrinter: null,
      documentPrinter: null,
      packing: null,
      coordination: null,
      records: null,
      camera: null,
    };
  const { file, policy } = loaded;
  return {
    labelPrinter: section<PrinterSettings>(file, policy.labelPrinter as Partial<PrinterSettings>),
    documentPrinter: section<DocumentPrinterSettings>(file, policy.documentPrinter),
    packing: section<PackSettings>(file, policy.packing),
    coordination: section<CoordinationSettings>(file, policy.coordination),
    records: section<RecordsSettings>(file, policy.records),
    camera: section<CameraSettings>(file, policy.camera),
  };
}

/** What the window learns of the policy: which sections are locked, and the values it shows. */
export function policyView(loaded: LoadedPolicy | null): PolicyView {
  const policy: Policy = loaded?.policy ?? {};
  const locked = Object.fromEntries(
    POLICY_SECTIONS.map((name) => [name, policy[name]?.locked === true]),
  ) as PolicyView['locked'];
  return {
    file: loaded?.file ?? null,
    locked,
    language: policy.language?.value ?? null,
    muted: policy.sound?.muted ?? null,
    expiryWarningDays: policy.expiryWarningDays?.value ?? null,
  };
}
