import { cameraSettingsSchema } from '../../shared/camera.ts';
import type { HandlerContext, HandlersOf } from './context.ts';

/**
 * Proof of pack (issue #41): Settings → Camera, and each pack's clip as the window records it.
 * A fragment is written before its call answers, so the window sends the next one only then and
 * a clip is never held whole in either process.
 */
export function evidenceHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<
  | 'getCamera'
  | 'saveCamera'
  | 'clipStart'
  | 'clipAppend'
  | 'clipFinish'
  | 'packClips'
  | 'holdClips'
  | 'exportEvidence'
> {
  return {
    getCamera: () => asResult(() => core.evidence.settings()),
    saveCamera: (settings) =>
      asResult(() => core.evidence.saveSettings(cameraSettingsSchema.parse(settings))),
    clipStart: ({ packId }) => asResult(() => ({ recording: core.evidence.start(packId) })),
    clipAppend: ({ packId, bytes }) =>
      asResult(async () => {
        await core.evidence.append(packId, bytes);
        return { stopped: core.evidence.problem(packId) };
      }),
    clipFinish: ({ packId }) => asResult(() => core.evidence.finish(packId)),
    packClips: ({ orderId }) => asResult(() => core.evidence.packClips(orderId)),
    holdClips: ({ orderId, held }) => asResult(() => core.evidence.hold(orderId, held)),
    exportEvidence: ({ orderId }) => asResult(() => core.evidence.exportOrder(orderId)),
  };
}
