import type { HandlerContext, HandlersOf } from './context.ts';

/** Settings → "Stations sharing this key": the warehouse's Redis, if any. */
export function coordinationHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<'getCoordination' | 'saveCoordination' | 'testCoordination'> {
  return {
    getCoordination: () => asResult(() => core.coordinationView()),
    saveCoordination: (input) =>
      asResult(async () => {
        await core.saveCoordination(input);
        return core.coordinationView();
      }),
    testCoordination: (input) => asResult(() => core.testCoordination(input)),
  };
}
