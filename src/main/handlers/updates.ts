import type { PackView } from '../../shared/pack/types.ts';
import { ok, type Result } from '../../shared/result.ts';
import type { UpdateStatus } from '../../shared/updates.ts';
import type { Handlers, HandlersOf } from './context.ts';

/** The station's updates, for the status bar. */
export function updateHandlers(update: () => UpdateStatus): HandlersOf<'getUpdate'> {
  return { getUpdate: () => ok(update()) };
}

const PACK_CHANNELS = ['openPack', 'packScan', 'answerPack', 'undoPackScan', 'finishPack'] as const;

/**
 * The pack channels, each telling `note` the pack it answered with: the updater's way of
 * knowing a pack is open without reaching into the pack store.
 */
export function watchPacks(
  handlers: Handlers,
  note: (view: { id: string; status: string }) => void,
): Handlers {
  const watched: Partial<Handlers> = {};
  for (const name of PACK_CHANNELS) {
    const handler: (input: never) => Promise<Result<PackView>> | Result<PackView> = handlers[name];
    Object.assign(watched, {
      [name]: async (input: never) => {
        const result = await handler(input);
        if (result.ok) note(result.value);
        return result;
      },
    });
  }
  return { ...handlers, ...watched };
}
