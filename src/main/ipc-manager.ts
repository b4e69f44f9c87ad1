import { channelOf, invokeNames, type InvokeName } from '../shared/ipc/channels.ts';
import { boundsRefusal, fileRefusal, inputSchemas } from '../shared/ipc/input-schemas.ts';
import { safeDetails, type Redact } from '../shared/details.ts';
import { fail, type Result } from '../shared/result.ts';
import { messageOf } from './platform/guards.ts';
import type { Handlers } from './handlers/context.ts';

export interface IpcEventLike {
  sender: { id: number };
  senderFrame?: { url: string } | null;
}

/** The slice of Electron's ipcMain used here; the e2e harness provides a stand-in. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export type { Handlers };

export interface IpcManagerOptions {
  /** True only for our own windows on our own origin; everything else is dropped. */
  isTrustedSender: (event: IpcEventLike) => boolean;
  /** The station's known secrets: refusals and crashes are redacted before they leave. */
  redact: Redact;
  log?: (message: string) => void;
}

/** Registers every contract channel; returns a function that unregisters them. */
export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  handlers: Handlers,
  { isTrustedSender, redact, log = () => undefined }: IpcManagerOptions,
): () => void {
  for (const name of invokeNames) {
    const channel = channelOf(name);
    ipcMain.handle(channel, (event, raw) => dispatch(name, event, raw));
  }
  return () => {
    for (const name of invokeNames) ipcMain.removeHandler(channelOf(name));
  };

  async function dispatch(
    name: InvokeName,
    event: IpcEventLike,
    raw: unknown,
  ): Promise<Result<unknown>> {
    if (!isTrustedSender(event)) {
      log(`ipc: dropped ${name} from untrusted sender ${event.senderFrame?.url ?? '(no frame)'}`);
      return fail({
        code: 'ipc.untrusted_sender',
        messageKey: 'errors.ipc.untrusted_sender',
        message: 'This window is not allowed to talk to Packbench.',
      });
    }
    const parsed = inputSchemas[name].safeParse(raw);
    if (!parsed.success) {
      // Over a bound of the limit table: its own code and sentence, and no echo of the input.
      const refusal =
        boundsRefusal(parsed.error, redact) ??
        fileRefusal(parsed.error, String((raw as { fileName?: unknown })?.fileName ?? ''), redact);
      if (refusal) return fail(refusal);
      return fail({
        code: 'ipc.invalid_input',
        messageKey: 'errors.ipc.invalid_input',
        message: redact(
          `Invalid input for ${name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`,
        ),
        details: safeDetails(parsed.error.issues, redact),
      });
    }
    try {
      const handler = handlers[name] as (
        input: unknown,
      ) => Promise<Result<unknown>> | Result<unknown>;
      return await handler(parsed.data);
    } catch (error) {
      log(redact(`ipc: ${name} threw: ${error instanceof Error ? error.stack : String(error)}`));
      return fail({
        code: 'internal',
        messageKey: 'errors.internal',
        message: redact(messageOf(error)),
      });
    }
  }
}
