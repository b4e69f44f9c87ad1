import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { OrderLookup } from '@shared/ipc/channels.ts';
import { FILE_KINDS, type JobView } from '@shared/outbox.ts';
import { MAX_FILE_MB } from '@shared/files/file-rules.ts';
import type { FileChecker } from '../ui/files/file-checker.ts';
import type { AppError } from '@shared/result.ts';
import type { SoundPlayer } from './feedback.ts';
import { PRODUCT_NAMES_FRESH_MS, queryKeys, type Reads } from './queries.ts';

export interface RecentScan {
  id: string;
  ok: boolean;
  at: number;
}

export interface DroppedFile {
  name: string;
  bytes: Uint8Array;
}

/** What became of one dropped file; `key` and `values` are for the operator's sentence. */
export interface DropResult {
  name: string;
  tone: 'ok' | 'warning' | 'error';
  key: string;
  values: Record<string, string | number>;
  /** Kept only while the operator may confirm a re-send. */
  pending?: { file: DroppedFile; kind: 'invoice' | 'label'; order: string };
}

export interface StationState {
  pending: string | null;
  /** The scanned order; `names` fill in after the card shows (null: the service has no such SKU). */
  current: { id: string; lookup: OrderLookup; names: Record<string, string | null> } | null;
  failure: { id: string; error: AppError } | null;
  recent: RecentScan[];
  muted: boolean;
  drops: DropResult[];
  lookup: (id: string) => Promise<void>;
  toggleMute: () => void;
  /** Checks dropped files and queues them for the current order. */
  dropFiles: (files: DroppedFile[]) => Promise<void>;
  /** The operator confirmed sending again a file that was already delivered. */
  resend: (name: string) => Promise<void>;
  /** Follows the outbox so the card shows its files' journey; returns the unsubscribe function. */
  follow: () => () => void;
  retryJob: (id: string) => Promise<void>;
  discardJob: (id: string) => Promise<void>;
  /** The last retry or discard the outbox refused, with its reason. */
  jobError: AppError | null;
}

const RECENT_LIMIT = 12;

export const createStationStore = (
  bridge: Pick<
    PackbenchBridge,
    | 'lookupOrder'
    | 'submitInvoice'
    | 'submitLabel'
    | 'getProductNames'
    | 'onOutbox'
    | 'retryJob'
    | 'discardJob'
  >,
  sounds: SoundPlayer,
  checkFile: FileChecker,
  reads: Reads,
  now: () => number = Date.now,
  /** An order was found: the verified pack opens it (or resumes its pack). */
  onFound: (lookup: OrderLookup) => void = () => undefined,
) =>
  createStore<StationState>()((set, get) => {
    /** A job of the scanned order changed: the card shows its newest state. */
    const noteJob = (job: JobView) => {
      const current = get().current;
      if (!current || job.subject !== current.id || !FILE_KINDS.includes(job.kind)) return;
      const others = current.lookup.jobs.filter((j) => j.id !== job.id);
      const jobs = [job, ...others].sort((a, b) => b.createdAt - a.createdAt);
      set({ current: { ...current, lookup: { ...current.lookup, jobs } } });
    };
    /**
     * A status change of the scanned order was delivered (a finished pack marks it packed): the
     * card's badge follows what the service confirmed, with no second request.
     */
    const noteStatus = (job: JobView) => {
      const current = get().current;
      if (job.kind !== 'order.update' || job.state !== 'done' || job.subject !== current?.id)
        return;
      const status = job.payload.order.status;
      if (!status || status === current.lookup.order.status) return;
      const order = { ...current.lookup.order, status };
      set({ current: { ...current, lookup: { ...current.lookup, order } } });
    };
    const dropJob = (id: string) => {
      const current = get().current;
      if (!current) return;
      const jobs = current.lookup.jobs.filter((j) => j.id !== id);
      set({ current: { ...current, lookup: { ...current.lookup, jobs } } });
    };
    const record = (result: DropResult) =>
      set({ drops: [result, ...get().drops.filter((d) => d.name !== result.name)].slice(0, 20) });
    const submit = async (
      file: DroppedFile,
      kind: 'invoice' | 'label',
      order: string,
      confirmResend: boolean,
    ) => {
      const input = {
        order,
        fileName: file.name,
        bytes: file.bytes,
        ...(confirmResend ? { confirmResend } : {}),
      };
      const result =
        kind === 'invoice' ? await bridge.submitInvoice(input) : await bridge.submitLabel(input);
      const values = { file: file.name, order };
      if (!result.ok)
        return record({
          name: file.name,
          tone: 'error',
          key: result.error.messageKey,
          values: { ...values, ...result.error.params, message: result.error.message },
        });
      if (result.value.status === 'needs_confirmation')
        return record({
          name: file.name,
          tone: 'warning',
          key: 'drop.confirm',
          values,
          pending: { file, kind, order },
        });
      record({
        name: file.name,
        tone: 'ok',
        key: result.value.status === 'existing' ? 'drop.existing' : 'drop.queued',
        values,
      });
      noteJob(result.value.job);
    };
    return {
      pending: null,
      jobError: null,
      drops: [],
      follow: () =>
        bridge.onOutbox((change) => {
          if (!change.job) return;
          noteJob(change.job);
          noteStatus(change.job);
        }),
      retryJob: async (id) => {
        const result = await bridge.retryJob({ id });
        set({ jobError: result.ok ? null : result.error });
        if (result.ok) noteJob(result.value);
      },
      discardJob: async (id) => {
        const result = await bridge.discardJob({ id });
        set({ jobError: result.ok ? null : result.error });
        if (result.ok) dropJob(id);
      },
      current: null,
      failure: null,
      recent: [],
      muted: globalThis.localStorage?.getItem('packbench.muted') === '1',
      lookup: async (raw) => {
        const id = raw.trim();
        if (!id) return;
        set({ pending: id });
        // Through the window's one QueryClient: a scan always looks again (staleTime 0), two
        // scans of one order in flight share one request, and the Orders screen's opening of
        // the same order reads the same entry. A failure is a Result, kept as the read's value.
        const result = await reads.fetchQuery({
          queryKey: queryKeys.order(id),
          queryFn: () => bridge.lookupOrder({ id }),
          staleTime: 0,
        });
        // A newer scan may have started meanwhile: only the latest one updates the screen.
        if (get().pending !== id) return;
        const recent = [
          { id, ok: result.ok, at: now() },
          ...get().recent.filter((r) => r.id !== id),
        ].slice(0, RECENT_LIMIT);
        if (result.ok) {
          set({
            pending: null,
            current: { id, lookup: result.value, names: {} },
            failure: null,
            recent,
          });
          sounds.play('success');
          onFound(result.value);
          const skus = result.value.order.items.map((item) => item.sku).slice(0, 200);
          if (skus.length > 0)
            void reads
              .fetchQuery({
                queryKey: queryKeys.productNames(skus),
                queryFn: () => bridge.getProductNames({ skus }),
                staleTime: PRODUCT_NAMES_FRESH_MS,
              })
              .then((named) => {
                const current = get().current;
                if (named.ok && current?.id === id)
                  set({ current: { ...current, names: named.value.names } });
              });
        } else {
          set({ pending: null, failure: { id, error: result.error }, recent });
          sounds.play('failure');
        }
      },
      toggleMute: () => {
        const muted = !get().muted;
        globalThis.localStorage?.setItem('packbench.muted', muted ? '1' : '0');
        set({ muted });
      },
      dropFiles: async (files) => {
        const order = get().current?.id;
        for (const file of files) {
          if (!order) {
            record({ name: file.name, tone: 'error', key: 'drop.noOrder', values: {} });
            continue;
          }
          const verdict = await checkFile(file.name, file.bytes);
          if (!verdict.ok) {
            record({
              name: file.name,
              tone: 'error',
              key: `files.${verdict.reason}`,
              values: { file: file.name, limit: MAX_FILE_MB },
            });
            continue;
          }
          await submit(file, verdict.kind, order, false);
        }
      },
      resend: async (name) => {
        const pending = get().drops.find((d) => d.name === name)?.pending;
        if (pending) await submit(pending.file, pending.kind, pending.order, true);
      },
    };
  });
