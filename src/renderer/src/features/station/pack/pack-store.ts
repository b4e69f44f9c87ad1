import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { InvokeChannels } from '@shared/ipc/channels.ts';
import type { PackDocument } from '@shared/documents.ts';
import type { JobView } from '@shared/outbox.ts';
import type {
  PackAnswer,
  PackVerdict,
  PackView,
  ShortReason,
  WeightReason,
} from '@shared/pack/types.ts';
import type { AppError, Result } from '@shared/result.ts';
import type { SoundKind, SoundPlayer } from '@renderer/app/feedback.ts';
import { storeHook, useStores } from '@renderer/app/context.tsx';

// The window's side of a verified pack. Main owns the pack and commits every scan; this store
// shows main's newest view, sends the packer's scans and answers one at a time (a scanner can
// type faster than main answers, and the order of the scans is the order of the box), and plays
// each verdict's sound once.

/** The statuses a packer packs: an order found in one of them opens for packing. */
export const PACKABLE_STATUSES: readonly string[] = ['new', 'processing', 'picking'];

export type PackExport = InvokeChannels['exportPacks']['output'];

export interface PackState {
  view: PackView | null;
  /** The order being opened for packing (the card says so until main answers). */
  opening: string | null;
  /** The packer set the pack aside: scans look orders up; scanning the order resumes it. */
  aside: boolean;
  /** What main refused last: opening the order, or a scan, answer, undo or finish. */
  error: { kind: 'open' | 'action'; orderId: string; error: AppError } | null;
  /** The outbox job that marks the order packed, as it last moved (null: not seen yet). */
  statusJob: JobView | null;
  /** An order was found: opens it for packing when a packer packs it, or resumes its pack. */
  open: (orderId: string, status: string) => Promise<void>;
  /** Whether a scan now belongs to the pack (otherwise it looks an order up). */
  takesScans: () => boolean;
  /** One scan exactly as the wedge typed it (a trailing CR/LF aside). */
  scan: (code: string) => Promise<void>;
  /**
   * Enter in the scan field: a code is a scan; an empty field acknowledges a lock or the notes,
   * or finishes a complete pack when it does not finish by itself. False when the pack does not
   * take scans (the field looks the order up).
   */
  enter: (raw: string) => boolean;
  answer: (answer: PackAnswer) => Promise<void>;
  undo: () => Promise<void>;
  finish: (
    short?: { reason: ShortReason; text?: string },
    weightOverride?: { reason: WeightReason; text?: string },
  ) => Promise<void>;
  setAside: () => void;
  /** Opens the set-aside pack again (main resumes it). */
  resume: () => Promise<void>;
  /** The pack record of the shown order, for the packer to save. */
  exportRecord: (format: 'csv' | 'json') => Promise<PackExport | null>;
  /** The card's retry of a finished pack's paper (forced past the printer's condition). */
  retryPaper: (document: PackDocument, force?: boolean) => Promise<void>;
  /** Follows the outbox for the "mark packed" job; returns the unsubscribe function. */
  follow: () => () => void;
}

type PackBridge = Pick<
  PackbenchBridge,
  | 'openPack'
  | 'packScan'
  | 'answerPack'
  | 'undoPackScan'
  | 'finishPack'
  | 'exportPacks'
  | 'onOutbox'
  | 'retryPaper'
>;

const TONE_SOUND: Record<PackVerdict['tone'], SoundKind> = {
  ok: 'success',
  warning: 'warning',
  error: 'failure',
};

/** The newest verdict of a view: a lock's own, or the banner's. */
const newestVerdict = (view: PackView): PackVerdict | null => {
  const lock = view.prompt?.kind === 'lock' ? view.prompt.verdict : null;
  if (!lock) return view.verdict;
  if (!view.verdict) return lock;
  return lock.serial >= view.verdict.serial ? lock : view.verdict;
};

/** A scan as main receives it: only the wedge's line ending goes (ASCII 29 and spaces stay). */
export const scanCode = (raw: string): string => raw.replace(/[\r\n]+$/, '');

export const createPackStore = (
  bridge: PackBridge,
  sounds: SoundPlayer,
  /** The Inventory preference: days before expiry a lot turns amber. */
  expiryWarningDays: () => number,
) =>
  createStore<PackState>()((set, get) => {
    /** Orders whose pack this window opened and did not see finished: they resume whatever
     * their status (the service may already say `packed` for a pack set aside). */
    const openOrders = new Set<string>();
    /** The serial whose sound was played, per pack. */
    let heard: { packId: string; serial: number } | null = null;
    // One request at a time, in the order the packer made them.
    let line: Promise<unknown> = Promise.resolve();
    const inLine = (step: () => Promise<void>): Promise<void> => {
      const next = line.then(step, step);
      line = next;
      return next;
    };

    const hear = (view: PackView, play: boolean) => {
      const verdict = newestVerdict(view);
      const serial = verdict?.serial ?? -1;
      const fresh = heard?.packId !== view.id || heard.serial !== serial;
      heard = { packId: view.id, serial };
      if (play && fresh && verdict) sounds.play(TONE_SOUND[verdict.tone]);
    };

    const show = (view: PackView) => {
      if (view.status === 'open') openOrders.add(view.orderId);
      else openOrders.delete(view.orderId);
      const statusJob = get().statusJob;
      set({
        view,
        error: null,
        statusJob: statusJob && statusJob.id === view.finish?.statusJobId ? statusJob : null,
      });
    };

    /** Sends one thing about the shown pack; main's answer replaces the view. */
    const act = (call: (packId: string) => Promise<Result<PackView>>) =>
      inLine(async () => {
        const view = get().view;
        if (!view) return;
        const result = await call(view.id);
        // The packer moved on to another order meanwhile: this answer is not the card's.
        if (get().view?.id !== view.id) return;
        if (!result.ok) {
          set({ error: { kind: 'action', orderId: view.orderId, error: result.error } });
          sounds.play('failure');
          return;
        }
        show(result.value);
        hear(result.value, true);
      });

    /** The newest open asked for: an older answer is not the card's any more. */
    let opened = 0;
    /**
     * Opens the order's pack. A probe (an order in a status nobody packs) only looks for a pack
     * left open: main refuses to start one, and that refusal is not the packer's concern.
     */
    const openPack = (orderId: string, probe = false) => {
      const ask = ++opened;
      return inLine(async () => {
        set({ opening: probe ? null : orderId, aside: false, error: null });
        const result = await bridge.openPack({ orderId, expiryWarningDays: expiryWarningDays() });
        if (ask !== opened) return;
        if (!result.ok) {
          set({ opening: null });
          if (probe && result.error.code === 'pack.cannot_pack') return;
          set({ error: { kind: 'open', orderId, error: result.error } });
          sounds.play('failure');
          return;
        }
        set({ opening: null });
        show(result.value);
        // What was said before the pack was reopened was heard then.
        hear(result.value, false);
      });
    };

    return {
      view: null,
      opening: null,
      aside: false,
      error: null,
      statusJob: null,
      open: async (orderId, status) => {
        if (get().view?.orderId !== orderId) set({ view: null, statusJob: null, error: null });
        if (PACKABLE_STATUSES.includes(status) || openOrders.has(orderId)) return openPack(orderId);
        opened++;
        set({ view: null, opening: null, aside: false, error: null });
        // Shipped, delivered or cancelled: main resumes a pack left open (before a restart, say)
        // and refuses to start one. Packed: a pack was finished; nothing to resume.
        if (status !== 'packed') await openPack(orderId, true);
      },
      takesScans: () => {
        const { view, aside, opening } = get();
        return opening === null && !aside && view?.status === 'open';
      },
      scan: (code) => act((packId) => bridge.packScan({ packId, code: scanCode(code) })),
      enter: (raw) => {
        const { view, takesScans, scan, answer, finish } = get();
        if (!view || !takesScans()) return false;
        if (scanCode(raw).trim() !== '') {
          void scan(raw);
          return true;
        }
        const prompt = view.prompt;
        if (prompt?.kind === 'lock') void answer({ kind: 'acknowledge' });
        else if (!prompt && view.notes && !view.notesAcknowledged) void answer({ kind: 'notes' });
        // A complete pack still open (finishing by hand, or waiting on the scale) finishes now.
        else if (!prompt && view.complete) void finish();
        return true;
      },
      answer: (answer) => act((packId) => bridge.answerPack({ packId, answer })),
      undo: () => act((packId) => bridge.undoPackScan({ packId })),
      finish: (short, weightOverride) =>
        act((packId) =>
          bridge.finishPack({
            packId,
            ...(short ? { short } : {}),
            ...(weightOverride ? { weightOverride } : {}),
          }),
        ),
      setAside: () => {
        if (get().view?.status === 'open') set({ aside: true, error: null });
      },
      resume: async () => {
        const view = get().view;
        if (view) await openPack(view.orderId);
      },
      exportRecord: async (format) => {
        const orderId = get().view?.orderId;
        if (!orderId) return null;
        const result = await bridge.exportPacks({ orderId, format });
        if (result.ok) return result.value;
        set({ error: { kind: 'action', orderId, error: result.error } });
        return null;
      },
      retryPaper: (document, force) =>
        act((packId) => bridge.retryPaper({ packId, document, ...(force ? { force } : {}) })),
      follow: () =>
        bridge.onOutbox((change) => {
          const job = change.job;
          if (job && job.id === get().view?.finish?.statusJobId) set({ statusJob: job });
        }),
    };
  });

declare module '@renderer/app/context.tsx' {
  interface Stores {
    /** The verified pack of the order on the Station's card. */
    pack: ReturnType<typeof createPackStore>;
  }
}

export const usePack = storeHook((s) => s.pack);
/** The pack store itself, for key handlers that must read its newest state when a key comes. */
export const usePackStore = () => useStores().pack;
