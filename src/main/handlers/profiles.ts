import { ok } from '../../shared/result.ts';
import type { HandlerContext, HandlersOf } from './context.ts';

/** Profiles and their API keys (Settings → Profiles). */
export function profileHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<
  | 'listProfiles'
  | 'saveProfile'
  | 'deleteProfile'
  | 'switchProfile'
  | 'getKeyStatus'
  | 'setKey'
  | 'removeKey'
> {
  const profileList = () => ({
    profiles: core.profiles.list(),
    activeId: core.profiles.active().id,
  });
  return {
    listProfiles: () => ok(profileList()),
    saveProfile: ({ id, profile }) =>
      asResult(async () => {
        const saved = id
          ? await core.profiles.update(id, profile)
          : await core.profiles.create(profile);
        if (core.profiles.active().id === saved.id) await core.switchProfile(saved.id);
        return saved;
      }),
    deleteProfile: ({ id }) =>
      asResult(async () => {
        await core.removeProfile(id);
        return profileList();
      }),
    switchProfile: ({ id }) => asResult(() => core.switchProfile(id)),
    getKeyStatus: ({ profileId }) => asResult(() => core.keyStatus(profileId)),
    setKey: ({ profileId, key }) => asResult(() => core.setKey(profileId, key)),
    removeKey: ({ profileId }) => asResult(() => core.removeKey(profileId)),
  };
}
