import { ok } from '../../shared/result.ts';
import type { HandlerContext, HandlersOf } from './context.ts';

/** This station's scale: the devices, its settings, a test read and the current weight. */
export function scaleHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<
  'listScales' | 'getScaleSettings' | 'saveScaleSettings' | 'testScale' | 'getScale'
> {
  return {
    listScales: () => asResult(async () => ({ devices: await core.scale.list() })),
    getScaleSettings: () => ok(core.scale.settings()),
    saveScaleSettings: (settings) => asResult(() => core.scale.save(settings)),
    testScale: (settings) => asResult(() => core.scale.test(settings)),
    getScale: () => ok(core.scale.view()),
  };
}
