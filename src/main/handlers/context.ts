import type { InvokeChannels, InvokeName } from '../../shared/ipc/channels.ts';
import type { ParsedInput } from '../../shared/ipc/input-schemas.ts';
import type { Result } from '../../shared/result.ts';
import type { StationCore } from '../core/station-core.ts';

/** One handler per invoke channel: its validated input in, a Result out. */
export type Handlers = {
  [K in InvokeName]: (
    input: ParsedInput<K>,
  ) => Promise<Result<InvokeChannels[K]['output']>> | Result<InvokeChannels[K]['output']>;
};

/** What every domain's handlers get: the core's facade, and the one way out for a failure. */
export interface HandlerContext {
  core: StationCore;
  /** Runs the work; a failure comes back as an AppError with the station's secrets redacted. */
  asResult: <T>(work: () => Promise<T> | T) => Promise<Result<T>>;
}

/** The handlers of some channels. */
export type HandlersOf<K extends keyof Handlers> = Pick<Handlers, K>;
