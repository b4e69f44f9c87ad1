// What a machine policy imposes on one settings file (issue #31): the values IT set, and
// whether the station may change them. Here in the platform because every settings file takes
// it alike; the policy itself is read in src/main/policy.

export interface Imposed<T> {
  /** The values IT set; they win over the station's own file. */
  values: Partial<T>;
  /** The station refuses any change to these settings. */
  locked: boolean;
  /** The policy's path, for "Set by your IT department (…)". */
  file: string;
}

/** A change refused because IT locked the setting in the machine's policy. */
export class PolicyLockedError extends Error {
  readonly file: string;
  readonly section: string;
  constructor(section: string, file: string) {
    super(
      `This setting (${section}) is set by your IT department in ${file}; it cannot be changed here.`,
    );
    this.name = 'PolicyLockedError';
    this.section = section;
    this.file = file;
  }
}

/** The station's values with IT's over them (undefined values in the policy change nothing). */
export function withImposed<T extends object>(own: T, imposed: Imposed<T> | null): T {
  if (!imposed) return own;
  const defined = Object.fromEntries(
    Object.entries(imposed.values).filter(([, value]) => value !== undefined),
  );
  return { ...own, ...defined };
}
