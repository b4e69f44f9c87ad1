// The Bulk board's behaviour (issue #39): a drop added to the board, the operator's decisions
// (an order typed for a row, a row left out) and the queue: one outbox submission per order and
// file, with a readable name. The board lives in BoardStore, so a restart shows it as it was;
// the outbox's own idempotency and the order's jobs keep a row from ever being sent twice.
import type { Order } from '../../shared/api/schemas.ts';
import type {
  BulkBoard,
  BulkBoardRow,
  BulkPreview,
  BulkQueued,
  BulkSentence,
} from '../../shared/ipc/bulk-types.ts';
import type { PdfJsLike } from '../../shared/files/pdf-probe.ts';
import type { JobState, JobView } from '../../shared/outbox.ts';
import type { EnqueueInput, EnqueueOutcome } from '../outbox/job-types.ts';
import { boardRows, candidateOf, type InMemoryFile } from './board.ts';
import type { BoardStore, StoredPiece } from './board-store.ts';
import type { MatchOrder } from './match-drop.ts';
import { labelPicture, type ZplFontsLoader } from './label-content.ts';
import type { PdfTextReader } from './pdf-text.ts';

export interface BulkDeskOptions {
  store: BoardStore;
  profileId: () => string;
  /**
   * The orders the service lists for the active profile within its date window; null when the
   * profile's API version has no listing (v1); throws when they cannot be read.
   */
  listOrders: () => Promise<Order[] | null>;
  /**
   * The orders this station opened for packing that are candidates too: those opened today
   * (with a listing), or every one within the date window (v1, where nothing else is known).
   */
  openedOrders: () => Order[];
  submit: (input: Omit<EnqueueInput, 'profileId'>) => EnqueueOutcome;
  /** The trackings the service has under one code (GET /trackings?code=). */
  queryTrackings: (code: string) => Promise<readonly { order: string; code: string }[]>;
  /** The active profile's label and invoice jobs of one order, newest first. */
  orderFiles: (order: string) => JobView[];
  pdfjs: () => Promise<PdfJsLike & PdfTextReader>;
  zplFonts?: ZplFontsLoader | undefined;
  /** Local wall-clock text for "the orders read at …". */
  formatTime: (ms: number) => string;
}

/** A job that failed or lost its profile does not carry the file any more: queue it again. */
const GONE: readonly JobState[] = ['failed', 'orphaned'];

/** An order's id as part of a file name: anything a file system may refuse becomes `_`. */
const safe = (order: string) => order.replace(/[^A-Za-z0-9._-]/g, '_');

export class BulkDesk {
  private readonly options: BulkDeskOptions;
  /** Said with the board until the next drop: how the last drop was matched. */
  private lastNotices: BulkSentence[] = [];
  private lastOrders = 0;

  constructor(options: BulkDeskOptions) {
    this.options = options;
    const { setAside } = options.store;
    if (setAside)
      this.lastNotices = [{ messageKey: 'bulk.board.setAside', params: { file: setAside } }];
  }

  board(): BulkBoard {
    const profileId = this.options.profileId();
    const pieces = this.options.store.pieces(profileId);
    const listing = this.options.store.listing(profileId);
    const jobs = new Map<string, JobView>();
    for (const order of new Set(pieces.map((p) => (p.jobId ? target(p) : null))))
      if (order) for (const job of this.options.orderFiles(order)) jobs.set(job.id, job);
    return {
      rows: pieces.map((piece) => this.rowOf(piece, jobs)),
      orders: this.lastOrders || (listing?.orders.length ?? 0),
      notices: this.lastNotices,
    };
  }

  /** A drop split, matched against the listing (or the last one read) and added to the board. */
  async drop(files: readonly InMemoryFile[]): Promise<BulkBoard> {
    const { store } = this.options;
    const profileId = this.options.profileId();
    const notices: BulkSentence[] = [];
    const opened = this.options.openedOrders().map(candidateOf);
    let listed: MatchOrder[] = [];
    try {
      const listing = await this.options.listOrders();
      if (listing) {
        listed = listing.map(candidateOf);
        store.saveListing(profileId, listed);
      } else
        notices.push({
          messageKey: 'bulk.board.ordersOpenedHere',
          params: { count: opened.length },
        });
    } catch {
      const earlier = store.listing(profileId);
      if (earlier) {
        listed = earlier.orders;
        notices.push({
          messageKey: 'bulk.board.ordersFromEarlier',
          params: { count: listed.length, at: this.options.formatTime(earlier.readAt) },
        });
      } else if (opened.length > 0)
        notices.push({
          messageKey: 'bulk.board.ordersOnlyOpened',
          params: { count: opened.length },
        });
      else notices.push({ messageKey: 'bulk.board.ordersUnavailable', params: {} });
    }
    const orders = withOpened(listed, opened);
    const rows = await boardRows(
      files,
      orders,
      [],
      this.options.pdfjs,
      this.options.zplFonts,
      (codes) => this.lookUpTrackings(profileId, codes),
    );
    // The same piece dropped again (the same file after a restart, a ZIP holding a file dropped
    // before) is the row already on the board: matched once, queued once.
    const onBoard = new Set(
      store.pieces(profileId).map((p) => `${p.row.kind}:${p.row.sha256 ?? `${p.seq}`}`),
    );
    const fresh = rows.filter(
      ({ row }) => !row.sha256 || !onBoard.has(`${row.kind}:${row.sha256}`),
    );
    if (fresh.length < rows.length)
      notices.push({
        messageKey: 'bulk.board.alreadyOnBoard',
        params: { count: rows.length - fresh.length },
      });
    store.add(profileId, fresh);
    this.lastNotices = notices;
    this.lastOrders = orders.length;
    return this.board();
  }

  /**
   * The orders of tracking codes read on pieces nothing else decided: asked of the service once
   * per code (the answer, "none" included, is kept), and from what was kept when it is away.
   */
  private async lookUpTrackings(profileId: string, codes: readonly string[]) {
    const { store } = this.options;
    const answers = store.trackings(profileId, codes);
    const asked = new Map<string, string | null>();
    for (const code of codes) {
      if (answers.has(code)) continue;
      try {
        const found = await this.options.queryTrackings(code);
        asked.set(
          code,
          found.find((t) => t.code.toLowerCase() === code.toLowerCase())?.order ?? null,
        );
      } catch {
        // Offline or refused: the rest are not asked now; a later drop asks again.
        break;
      }
    }
    store.saveTrackings(profileId, asked);
    return [...answers, ...asked].flatMap(([code, order]) => (order ? [{ order, code }] : []));
  }

  /** The operator's order for a row; refused when the orders read do not have it. */
  assign(seq: number, order: string | null): BulkBoard {
    const profileId = this.options.profileId();
    const piece = this.piece(seq);
    if (piece.jobId) throw new BulkDeskError('bulk.board.alreadyQueued', {});
    let id: string | null = null;
    if (order !== null) {
      const typed = order.trim().toLowerCase();
      const known = withOpened(
        this.options.store.listing(profileId)?.orders ?? [],
        this.options.openedOrders().map(candidateOf),
      );
      const found = known.find((o) => o.id.toLowerCase() === typed);
      if (!found) throw new BulkDeskError('bulk.board.unknownOrder', { order });
      if (piece.row.kind === 'other' || !piece.row.sha256)
        throw new BulkDeskError('bulk.board.nothingToAssign', {});
      id = found.id;
    }
    this.options.store.assign(profileId, seq, id);
    return this.board();
  }

  leaveOut(seq: number, leftOut: boolean): BulkBoard {
    const piece = this.piece(seq);
    if (piece.jobId) throw new BulkDeskError('bulk.board.alreadyQueued', {});
    this.options.store.leaveOut(this.options.profileId(), seq, leftOut);
    return this.board();
  }

  /**
   * Queues the named rows (Enter) or every row with an order (the one key): one submission per
   * order and file. A row whose bytes the order already has in the outbox (waiting or delivered)
   * is joined to that job instead, so nothing goes twice, not even after the board was cleared.
   */
  queue(seqs?: readonly number[]): BulkQueued {
    const profileId = this.options.profileId();
    const pieces = this.options.store.pieces(profileId);
    const chosen = seqs ? seqs.map((seq) => this.piece(seq)) : pieces.filter(isReady);
    if (seqs) for (const piece of chosen) if (!isReady(piece)) throwWhyNot(piece);
    let queued = 0;
    let already = 0;
    const links: { seq: number; jobId: string }[] = [];
    try {
      for (const piece of chosen) {
        const order = target(piece);
        const bytes = this.options.store.bytes(profileId, piece.seq);
        if (!order || !bytes) continue;
        const same = this.options
          .orderFiles(order)
          .find((job) => job.fileSha256 === piece.row.sha256 && !GONE.includes(job.state));
        if (same) {
          links.push({ seq: piece.seq, jobId: same.id });
          already += 1;
          continue;
        }
        const outcome = this.options.submit(submissionOf(piece, order, bytes, pieces));
        links.push({ seq: piece.seq, jobId: outcome.job.id });
        if (outcome.status === 'enqueued') queued += 1;
        else already += 1;
      }
    } finally {
      // What went to the outbox before a refusal (a full disk) is still shown as queued.
      this.options.store.queued(profileId, links);
    }
    return { board: this.board(), queued, already };
  }

  /** What a row looks like: a label drawn by our engine (PNG), an invoice's own PDF. */
  preview(seq: number): BulkPreview | null {
    const piece = this.piece(seq);
    const bytes = this.options.store.bytes(this.options.profileId(), seq);
    if (!bytes) return null;
    if (piece.row.kind === 'invoice') return { kind: 'invoice', bytes };
    if (piece.row.kind !== 'label') return null;
    const png = labelPicture(bytes, this.options.zplFonts);
    return png ? { kind: 'label', bytes: png } : null;
  }

  close(): void {
    this.options.store.close();
  }

  clear(): BulkBoard {
    this.options.store.clear(this.options.profileId());
    this.lastNotices = [];
    this.lastOrders = 0;
    return this.board();
  }

  private piece(seq: number): StoredPiece {
    const piece = this.options.store.pieces(this.options.profileId()).find((p) => p.seq === seq);
    if (!piece) throw new BulkDeskError('bulk.board.noSuchRow', {});
    return piece;
  }

  private rowOf(piece: StoredPiece, jobs: ReadonlyMap<string, JobView>): BulkBoardRow {
    const job = piece.jobId ? jobs.get(piece.jobId) : undefined;
    return {
      ...piece.row,
      seq: piece.seq,
      assigned: piece.assigned,
      leftOut: piece.leftOut,
      target: target(piece),
      job: piece.jobId && job ? { id: job.id, state: job.state, fileName: fileNameOf(job) } : null,
    };
  }
}

/**
 * The listing and the orders opened here, one candidate per order. The listing's copy wins: it
 * was read now, while an opened order is as it was when the pack began.
 */
function withOpened(listed: readonly MatchOrder[], opened: readonly MatchOrder[]): MatchOrder[] {
  const ids = new Set(listed.map((order) => order.id));
  return [...listed, ...opened.filter((order) => !ids.has(order.id))];
}

/** A sentence the window shows for a board action it may not take. */
export class BulkDeskError extends Error {
  readonly messageKey: BulkSentence['messageKey'];
  readonly params: BulkSentence['params'];
  constructor(messageKey: string, params: BulkSentence['params']) {
    super(`Bulk board: ${messageKey}`);
    this.name = 'BulkDeskError';
    this.messageKey = messageKey as BulkSentence['messageKey'];
    this.params = params;
  }
}

const fileNameOf = (job: JobView): string =>
  job.kind === 'label.upload' || job.kind === 'invoice.upload' ? job.payload.fileName : '';

/** Where a row goes: the operator's order, else the matched one. */
function target(piece: StoredPiece): string | null {
  if (piece.row.kind === 'other' || !piece.row.sha256) return null;
  return piece.assigned ?? (piece.row.status === 'matched' ? piece.row.order : null);
}

function isReady(piece: StoredPiece): boolean {
  return target(piece) !== null && !piece.leftOut && piece.jobId === null;
}

function throwWhyNot(piece: StoredPiece): never {
  if (piece.jobId) throw new BulkDeskError('bulk.board.alreadyQueued', {});
  if (piece.leftOut) throw new BulkDeskError('bulk.board.leftOutNotQueued', {});
  throw new BulkDeskError('bulk.board.noOrderToQueue', {});
}

/**
 * `PB-1042-label.zpl`, `PB-1042-invoice.pdf`; a second label of the same order on the board is
 * `PB-1042-label-2.zpl`, numbered by the board's order so the name never changes between tries.
 */
function submissionOf(
  piece: StoredPiece,
  order: string,
  bytes: Uint8Array,
  pieces: readonly StoredPiece[],
): Omit<EnqueueInput, 'profileId'> {
  const kind = piece.row.kind === 'invoice' ? 'invoice' : 'label';
  const before = pieces.filter(
    (p) => p.seq < piece.seq && p.row.kind === piece.row.kind && target(p) === order,
  ).length;
  const fileName = `${safe(order)}-${kind}${before > 0 ? `-${before + 1}` : ''}.${
    kind === 'invoice' ? 'pdf' : 'zpl'
  }`;
  return kind === 'invoice'
    ? { kind: 'invoice.upload', payload: { order, fileName }, file: bytes }
    : { kind: 'label.upload', payload: { order, fileName, format: 'zpl' }, file: bytes };
}
