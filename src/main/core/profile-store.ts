import { PolicyLockedError } from '../platform/policy-lock.ts';
import { join } from 'node:path';
import { z } from 'zod';
import {
  profileInputSchema,
  profileSchema,
  type Profile,
  type ProfileInput,
} from '../../shared/profile.ts';
import { systemClock, systemIds } from '../platform/clock.ts';
import { writeFileAtomic } from '../../shared/atomic-write.ts';
import { nodeFs, type StationFs } from '../platform/station-fs.ts';
import { messageOf } from '../platform/guards.ts';

const fileSchema = z.object({
  version: z.literal(1),
  activeProfileId: z.string(),
  profiles: z.array(profileSchema).min(1),
});
type ProfilesFile = z.output<typeof fileSchema>;

export const SANDBOX_PROFILE_ID = 'sandbox';

export class ProfileError extends Error {
  readonly code: 'not_found' | 'invalid' | 'last_profile';
  readonly issues: { path: string; message: string; messageKey?: string }[];
  constructor(code: ProfileError['code'], message: string, issues: ProfileError['issues'] = []) {
    super(message);
    this.name = 'ProfileError';
    this.code = code;
    this.issues = issues;
  }
}

/**
 * Profiles in `<dataDir>/profiles.json`. A new installation gets the sandbox profile, so the
 * station works before anyone configures anything. A file that fails validation is moved aside
 * (never deleted) and reported.
 */
export class ProfileStore {
  private data: ProfilesFile;
  private readonly file: string;
  private readonly now: () => Date;
  private saving: Promise<void> = Promise.resolve();
  /** Set when a damaged file was moved aside on load. */
  readonly recoveredFrom: string | null = null;

  private readonly fs: StationFs;
  private readonly newId: () => string;

  constructor(
    dataDir: string,
    now: () => Date = () => new Date(systemClock.now()),
    fs: StationFs = nodeFs,
    newId: () => string = systemIds,
  ) {
    this.fs = fs;
    this.newId = newId;
    fs.makeDir(dataDir);
    this.file = join(dataDir, 'profiles.json');
    this.now = now;
    const loaded = this.load();
    this.data = loaded.data;
    this.recoveredFrom = loaded.recoveredFrom;
  }

  /** Set when IT's policy locks the profiles: the policy's path. */
  private lockedBy: string | null = null;

  /**
   * IT's profiles (issue #31): each one the policy names is added (or, when locked, brought
   * back to the policy's fields), and the policy's active profile is used when locked, or on a
   * station that had no profiles yet. Locked, the station refuses every change but keys.
   */
  impose(
    section: {
      list: readonly ProfileInput[];
      active?: string | undefined;
      locked?: boolean | undefined;
    },
    file: string,
  ): void {
    const fresh = !this.fs.exists(this.file);
    const locked = section.locked === true;
    const at = this.now().toISOString();
    let changed = fresh;
    for (const input of section.list) {
      const parsed = validate(input);
      const existing = this.data.profiles.find((p) => p.name === parsed.name);
      if (!existing) {
        this.data.profiles.push({ ...parsed, id: this.newId(), createdAt: at, updatedAt: at });
        changed = true;
      } else if (
        locked &&
        JSON.stringify({ ...existing, ...parsed }) !== JSON.stringify(existing)
      ) {
        Object.assign(existing, parsed, { updatedAt: at });
        changed = true;
      }
    }
    const active = this.data.profiles.find((p) => p.name === section.active);
    if (active && (locked || fresh) && this.data.activeProfileId !== active.id) {
      this.data.activeProfileId = active.id;
      changed = true;
    }
    if (locked) this.lockedBy = file;
    if (changed) void this.save();
  }

  private refuseIfLocked(): void {
    if (this.lockedBy) throw new PolicyLockedError('profiles', this.lockedBy);
  }

  list(): Profile[] {
    return this.data.profiles.map((p) => structuredClone(p));
  }

  get(id: string): Profile {
    const profile = this.data.profiles.find((p) => p.id === id);
    if (!profile) throw new ProfileError('not_found', `No profile with id "${id}".`);
    return structuredClone(profile);
  }

  active(): Profile {
    return this.get(this.data.activeProfileId);
  }

  async create(input: ProfileInput): Promise<Profile> {
    this.refuseIfLocked();
    const parsed = validate(input);
    const at = this.now().toISOString();
    const profile: Profile = { ...parsed, id: this.newId(), createdAt: at, updatedAt: at };
    this.data.profiles.push(profile);
    await this.save();
    return structuredClone(profile);
  }

  async update(id: string, input: ProfileInput): Promise<Profile> {
    this.refuseIfLocked();
    const existing = this.get(id);
    const parsed = validate(input);
    const profile: Profile = {
      ...parsed,
      id,
      createdAt: existing.createdAt,
      updatedAt: this.now().toISOString(),
    };
    this.data.profiles = this.data.profiles.map((p) => (p.id === id ? profile : p));
    await this.save();
    return structuredClone(profile);
  }

  async remove(id: string): Promise<void> {
    this.refuseIfLocked();
    this.get(id);
    if (this.data.profiles.length === 1)
      throw new ProfileError('last_profile', 'The last profile cannot be deleted.');
    this.data.profiles = this.data.profiles.filter((p) => p.id !== id);
    if (this.data.activeProfileId === id)
      this.data.activeProfileId = (this.data.profiles[0] as Profile).id;
    await this.save();
  }

  async setActive(id: string): Promise<Profile> {
    // The active profile itself again (a save after a key change) is not a change.
    if (id !== this.data.activeProfileId) this.refuseIfLocked();
    const profile = this.get(id);
    this.data.activeProfileId = id;
    await this.save();
    return profile;
  }

  private save(): Promise<void> {
    const text = `${JSON.stringify(this.data, null, 2)}\n`;
    this.saving = this.saving.then(() => writeFileAtomic(this.fs.atomic, this.file, text));
    return this.saving;
  }

  private load(): { data: ProfilesFile; recoveredFrom: string | null } {
    if (!this.fs.exists(this.file)) return { data: this.initial(), recoveredFrom: null };
    let problem: string;
    try {
      const parsed = fileSchema.safeParse(JSON.parse(this.fs.readText(this.file)));
      if (
        parsed.success &&
        parsed.data.profiles.some((p) => p.id === parsed.data.activeProfileId)
      ) {
        return { data: parsed.data, recoveredFrom: null };
      }
      problem = parsed.success ? 'active profile missing' : parsed.error.message;
    } catch (error) {
      problem = messageOf(error);
    }
    const aside = `${this.file}.damaged-${this.now().toISOString().replace(/[:.]/g, '-')}`;
    this.fs.rename(this.file, aside);
    console.warn(
      `profiles: ${this.file} was unreadable (${problem.slice(0, 200)}); moved to ${aside}`,
    );
    return { data: this.initial(), recoveredFrom: aside };
  }

  private initial(): ProfilesFile {
    const at = this.now().toISOString();
    const sandbox: Profile = {
      ...profileInputSchema.parse({ name: 'Sandbox', environment: 'sandbox', baseUrl: null }),
      id: SANDBOX_PROFILE_ID,
      createdAt: at,
      updatedAt: at,
    };
    return { version: 1, activeProfileId: sandbox.id, profiles: [sandbox] };
  }
}

function validate(input: ProfileInput) {
  const parsed = profileInputSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => {
      const messageKey: unknown = i.code === 'custom' ? i.params?.['messageKey'] : undefined;
      return {
        path: i.path.join('.'),
        message: i.message,
        ...(typeof messageKey === 'string' ? { messageKey } : {}),
      };
    });
    throw new ProfileError(
      'invalid',
      `Invalid profile: ${issues.map((i) => `${i.path || '(profile)'} ${i.message}`).join('; ')}`,
      issues,
    );
  }
  return parsed.data;
}
