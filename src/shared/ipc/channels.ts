import type { ScaleSettings, ScaleView } from '../scale/settings.ts';
import type { ScaleDevice, ScaleReading } from '../scale/types.ts';
import type { MessageKey } from '../i18n/message-key.ts';
import type { BulkBoard, BulkPreview, BulkQueued } from './bulk-types.ts';
import type {
  CameraSettings,
  CameraSettingsInput,
  ClipStop,
  ClipSummary,
  EvidenceExport,
  PackClips,
} from '../camera.ts';
import type {
  RecallAnswer,
  RecallQueryInput,
  RecordsInput,
  RecordsTestResult,
  RecordsView,
  SupervisorAnswer,
  SupervisorQuery,
} from '../records.ts';
/**
 * The one list of IPC channels. Main registers exactly these, preload exposes exactly these as
 * `window.packbench`, and the renderer calls nothing else. Input schemas live in
 * `input-schemas.ts` (main only), so the preload bundle stays free of zod.
 */

import type {
  Inbound,
  InventoryRow,
  Order,
  OrderPage,
  Product,
  ProductPage,
  Tracking,
} from '../api/schemas.ts';
import type { Profile, ProfileInput } from '../profile.ts';
import type { DataSubmission, JobPayloadInput, JobView, OutboxSnapshot } from '../outbox.ts';
import type { HealthSnapshot, KeyStatus, StationStatus } from '../status.ts';
import type { UpdateStatus } from '../updates.ts';
import type {
  PrintJobView,
  PrinterSettings,
  PrinterStatusView,
  ReprintReason,
} from '../printing.ts';

import type {
  BarcodeAlias,
  PackAnswer,
  PackSettings,
  PackView,
  ShortReason,
  WeightReason,
} from '../pack/types.ts';
import type { DocumentPrinterSettings, PackDocument, PaperSize } from '../documents.ts';
import type { CatalogueLanguage } from '../i18n/translate.ts';
import type { PolicyView } from '../policy/view.ts';
import type {
  CoordinationInput,
  CoordinationTestResult,
  CoordinationView,
} from '../coordination.ts';

/** This station's printer, its last known status and its print queue. */
export interface PrintingState {
  settings: PrinterSettings;
  status: PrinterStatusView | null;
  jobs: PrintJobView[];
  /** A damaged printer.json set aside at start (the station started without a printer). */
  recoveredFrom: string | null;
}

export type PrintOutcome =
  | { status: 'queued'; job: PrintJobView }
  | { status: 'needs_reason'; previous: PrintJobView }
  | { status: 'no_printer' };

export interface PrintingChange {
  job: PrintJobView | null;
  status: PrinterStatusView | null;
}

/** A support bundle's files (names and sizes before compression) and the zip's size. */
export interface SupportBundleView {
  entries: { name: string; bytes: number }[];
  bytes: number;
  capBytes: number;
  trimmedLogLines: number;
}

export interface AppInfo {
  name: string;
  version: string;
  versions: { node: string; electron: string | null; chrome: string | null };
  platform: string;
  /**
   * Issue #43, for Settings → About: whether updates are on and, when on, the fingerprints of
   * the release keys a manifest must be signed by (null: not signature-checked).
   */
  updates?: { on: false } | { on: true; signatureKeys: string[] | null };
  /** The bill of materials' file name, beside this version's installers (`npm run dist`). */
  sbom?: string;
}

export interface Notice {
  level: 'info' | 'warning' | 'error';
  messageKey: MessageKey;
}

export interface ProfileList {
  profiles: Profile[];
  activeId: string;
}

export interface OrderLookup {
  order: Order;
  trackings: Tracking[];
  /** This station's invoice and label jobs for the order, newest first (the card follows them). */
  jobs: JobView[];
}

export interface SubmitOutcome {
  status: 'enqueued' | 'existing' | 'needs_confirmation';
  job: JobView;
}

export interface AuditView {
  id: number;
  at: number;
  event: string;
  jobId: string | null;
  /**
   * The activity sentence's key and values, rendered in the operator's language; null when the
   * row names a sentence this version does not have (its English `message` is shown).
   */
  messageKey: MessageKey | null;
  params: Record<string, string | number> | null;
  /** Why it failed, when it did: a sentence key, and the service's own words if any. */
  reason: { messageKey: MessageKey; serviceMessage?: string } | null;
  /** English, for rows older than keyed sentences and for the CSV export. */
  message: string;
}

export interface OutboxChange {
  profileId: string;
  snapshot: OutboxSnapshot;
  job: JobView | null;
}

/** Request/response channels: input as the renderer sends it, output inside a Result. */
export interface InvokeChannels {
  getAppInfo: { input: undefined; output: AppInfo };
  /** THIRD_PARTY_NOTICES as shipped inside the app (Settings → About). */
  getThirdPartyNotices: { input: undefined; output: { text: string } };
  getStatus: { input: undefined; output: StationStatus };
  /** The station's updates as they stand (then onUpdate as they change). */
  getUpdate: { input: undefined; output: UpdateStatus };
  testConnection: { input: undefined; output: HealthSnapshot };
  listProfiles: { input: undefined; output: ProfileList };
  saveProfile: { input: { id?: string; profile: ProfileInput }; output: Profile };
  deleteProfile: { input: { id: string }; output: ProfileList };
  switchProfile: { input: { id: string }; output: StationStatus };
  getKeyStatus: { input: { profileId?: string }; output: KeyStatus };
  setKey: { input: { profileId: string; key: string }; output: KeyStatus };
  removeKey: { input: { profileId: string }; output: KeyStatus };
  lookupOrder: { input: { id: string }; output: OrderLookup };
  /** Product names for the order card: a string, null for an unknown SKU, absent on failure. */
  getProductNames: {
    input: { skus: string[] };
    output: { names: Record<string, string | null> };
  };
  submitInvoice: {
    input: { order: string; fileName: string; bytes: Uint8Array; confirmResend?: boolean };
    output: SubmitOutcome;
  };
  submitLabel: {
    input: {
      order: string;
      fileName: string;
      bytes: Uint8Array;
      format?: 'zpl' | 'pdf' | 'png';
      confirmResend?: boolean;
    };
    output: SubmitOutcome;
  };
  listProducts: { input: { search?: string; page?: number }; output: ProductPage };
  getProduct: { input: { sku: string }; output: Product };
  getInbound: { input: { id: string }; output: Inbound };
  /** Any submission without a file (products, orders, inbounds), through the outbox. */
  submitJob: { input: DataSubmission; output: SubmitOutcome };
  listOrders: {
    input: { from?: string; to?: string; updated?: string; page?: number };
    output: OrderPage;
  };
  queryInventory: { input: { sku?: string; warehouse?: string }; output: InventoryRow[] };
  queryTrackings: { input: { order?: string; id?: string; code?: string }; output: Tracking[] };
  getOutbox: {
    input: { states?: JobView['state'][] };
    output: { snapshot: OutboxSnapshot; jobs: JobView[] };
  };
  retryJob: { input: { id: string }; output: JobView };
  /** A failed job's corrected payload (checked against its own kind's schema in main). */
  editJob: { input: { id: string; payload: JobPayloadInput }; output: JobView };
  retryAllJobs: { input: undefined; output: { count: number } };
  discardJob: { input: { id: string }; output: OutboxSnapshot };
  acknowledgeOutboxNotice: { input: { id: number }; output: OutboxSnapshot };
  /** A job whose profile was removed goes to the active profile. */
  reassignJob: { input: { id: string }; output: JobView };
  getAudit: { input: { limit?: number }; output: AuditView[] };
  exportAuditCsv: { input: undefined; output: string };
  getPrinting: { input: undefined; output: PrintingState };
  savePrinterSettings: { input: PrinterSettings; output: PrinterSettings };
  /** The CUPS queues this computer knows (empty without CUPS); those with a driver apart. */
  listPrinterQueues: {
    input: undefined;
    output: { queues: string[]; documentQueues: string[] };
  };
  /** A test label sent now to the given target (or the saved one); the status it reported. */
  testPrint: { input: { target?: string }; output: { status: PrinterStatusView } };
  /** A label to this station's printer: a delivered or queued label job's file, or ZPL bytes. */
  printLabel: {
    input: {
      source:
        | { kind: 'job'; jobId: string }
        | { kind: 'bytes'; bytes: Uint8Array; fileName: string; order?: string };
      reprintReason?: ReprintReason;
      force?: boolean;
    };
    output: PrintOutcome;
  };
  retryPrint: { input: { id: string; force?: boolean }; output: PrintJobView | null };
  /** The printer's own word on its model and head density (~HI; network printers only). */
  readPrinterDensity: {
    input: { target: string };
    output: { model: string; dpmm: 6 | 8 | 12 | 24 };
  };
  discardPrint: { input: { id: string }; output: { removed: boolean } };
  /** Settings → "Stations sharing this key": the warehouse's Redis, if any. */
  getCoordination: { input: undefined; output: CoordinationView };
  /** Keeps the Redis settings (password to the keychain) and moves the station onto them. */
  saveCoordination: { input: CoordinationInput; output: CoordinationView };
  /** Connects with what the form holds: latency, server, stations active on this key. */
  testCoordination: { input: CoordinationInput; output: CoordinationTestResult };
  /**
   * Opens the order for a verified pack, or resumes the pack already open for it: the order,
   * its products and its lots by batch and expiry are read once and kept with the pack.
   */
  openPack: { input: { orderId: string; expiryWarningDays: number }; output: PackView };
  /** One scan as the wedge typed it: matched, judged and committed before the answer. */
  packScan: { input: { packId: string; code: string }; output: PackView };
  /** The packer's answer to the pack's prompt (or to the notes). */
  answerPack: { input: { packId: string; answer: PackAnswer }; output: PackView };
  /** Takes back the last counted scan (recorded as taken back). */
  undoPackScan: { input: { packId: string }; output: PackView };
  /** Commits the pack record, then marks the order packed and prints, as the settings say. */
  finishPack: {
    input: {
      packId: string;
      short?: { reason: ShortReason; text?: string };
      /** A box whose weight is off the expectation leaves with the packer's reason. */
      weightOverride?: { reason: WeightReason; text?: string };
    };
    output: PackView;
  };
  /** Pack records as CSV or JSON, for one order or one local day (YYYY-MM-DD). */
  exportPacks: {
    input: { orderId?: string; day?: string; format: 'csv' | 'json' };
    output: { fileName: string; text: string; count: number };
  };
  getPackSettings: { input: undefined; output: PackSettings };
  savePackSettings: { input: PackSettings; output: PackSettings };
  /** Settings → Barcode aliases: case and multi-pack codes kept on this station. */
  getBarcodeAliases: { input: undefined; output: { aliases: BarcodeAlias[] } };
  saveBarcodeAliases: { input: { aliases: BarcodeAlias[] }; output: { aliases: BarcodeAlias[] } };
  /** Settings → Scale: the HID scales and serial ports this station can see. */
  listScales: { input: undefined; output: { devices: ScaleDevice[] } };
  getScaleSettings: { input: undefined; output: ScaleSettings };
  /** Keeps the scale settings (scale.json) and reopens the scale on them. */
  saveScaleSettings: { input: ScaleSettings; output: ScaleSettings };
  /** One reading with the settings as the form holds them (the Test button). */
  testScale: { input: ScaleSettings; output: ScaleReading };
  /** The scale as it stands now (then onScale as it changes). */
  getScale: { input: undefined; output: ScaleView };
  /** The machine's policy: what IT set and locked (issue #31). */
  getPolicy: { input: undefined; output: PolicyView };
  /** The window's language, so the papers main makes (the packing slip) speak it. */
  setStationLanguage: { input: { language: CatalogueLanguage }; output: null };
  /** Settings → Printers → Document printer (issue #30). */
  getDocumentPrinter: {
    input: undefined;
    output: { settings: DocumentPrinterSettings; recoveredFrom: string | null };
  };
  saveDocumentPrinter: { input: DocumentPrinterSettings; output: DocumentPrinterSettings };
  /** A one-page PDF naming the station, the time and the queue, sent now (not queued). */
  testDocumentPrinter: {
    input: { target?: string; paper?: PaperSize };
    output: { printer: string };
  };
  /**
   * Print slip / Print invoice on the order card: made now (the slip with the lots of the
   * order's finished pack), or an invoice dropped for printing only; a reprint needs a reason.
   */
  printPaper: {
    input: {
      orderId: string;
      document: PackDocument;
      /** An invoice PDF dropped to print, not to upload. */
      file?: { bytes: Uint8Array; fileName: string };
      reprintReason?: ReprintReason;
    };
    output: PrintOutcome;
  };
  /** The card's retry of a finished pack's paper (forced past the printer's condition). */
  retryPaper: {
    input: { packId: string; document: PackDocument; force?: boolean };
    output: PackView;
  };
  /** Help → Save support bundle (issue #31): the files it would hold, then the zip itself. */
  previewSupportBundle: { input: undefined; output: SupportBundleView };
  saveSupportBundle: {
    input: undefined;
    output: SupportBundleView & { fileName: string; zip: Uint8Array };
  };
  /** Bulk (issue #39): the active profile's board as it stands (it survives a restart). */
  bulkBoard: { input: undefined; output: BulkBoard };
  /**
   * Bulk → a drop (files, ZIPs) split into labels and invoices, matched to the orders the
   * service lists for the active profile (or the last listing read, offline) and added to the
   * board. Nothing is queued.
   */
  bulkDrop: { input: { files: { name: string; bytes: Uint8Array }[] }; output: BulkBoard };
  /** The operator's order for a row (typed), or null to take it back. */
  bulkAssign: { input: { seq: number; order: string | null }; output: BulkBoard };
  /** Delete: a row left out is never queued; again brings it back. */
  bulkLeaveOut: { input: { seq: number; leftOut: boolean }; output: BulkBoard };
  /**
   * Enter (one row) or the one key (`seqs` absent: every matched row): one outbox submission per
   * order and file; a row already queued, or whose bytes the order already has, is not sent again.
   */
  bulkQueue: { input: { seqs?: number[] }; output: BulkQueued };
  /** A row's picture: the label drawn by our engine (PNG) or the invoice's PDF; null for none. */
  bulkPreview: { input: { seq: number }; output: BulkPreview | null };
  /** Settings → Records (issue #40): where the fleet's pack records go, and how they stand. */
  getRecords: { input: undefined; output: RecordsView };
  saveRecords: { input: RecordsInput; output: RecordsView };
  testRecords: { input: RecordsInput; output: RecordsTestResult };
  /** Records → who got a lot, what went into an order, a GTIN: the fleet's, else this station's. */
  recall: { input: RecallQueryInput; output: RecallAnswer };
  /** The same as a sortable spreadsheet: CSV, UTF-8 with BOM, one row per order and lot. */
  recallCsv: { input: RecallQueryInput; output: { csv: string; rows: number } };
  /** Records → the supervisor's days: per day, station and packer (the fleet's, else this station's). */
  supervisor: { input: SupervisorQuery; output: SupervisorAnswer };
  supervisorCsv: { input: SupervisorQuery; output: { csv: string; rows: number } };
  /** Empties the board (what was queued stays in the outbox). */
  bulkClear: { input: undefined; output: BulkBoard };
  /** Settings → Camera (issue #41). */
  getCamera: { input: undefined; output: CameraSettings };
  saveCamera: { input: CameraSettingsInput; output: CameraSettings };
  /** The pack's clip begins; `recording` is false while the camera is off in Settings. */
  clipStart: { input: { packId: string }; output: { recording: boolean } };
  /**
   * One fragment of the window's MediaRecorder, written to the clip before this answers;
   * `stopped` says why the clip no longer records (a full disk), so the card can say it.
   */
  clipAppend: {
    input: { packId: string; bytes: Uint8Array };
    output: { stopped: ClipStop | null };
  };
  /** The clip closes: hashed and written into the pack's record; null when none was open. */
  clipFinish: { input: { packId: string }; output: ClipSummary | null };
  /** The newest finished pack of an order here and its clips with their cues (the player). */
  packClips: { input: { orderId: string }; output: PackClips | null };
  /** Keeps that pack's clips from retention (a dispute), or lets them go; the clips again. */
  holdClips: { input: { orderId: string; held: boolean }; output: PackClips | null };
  /** Export evidence: that pack's bundle (clip, cues, record, summary, manifest) as a ZIP. */
  exportEvidence: { input: { orderId: string }; output: EvidenceExport };
}

/** Pushed channels: the payload each subscriber receives. */
export interface EventChannels {
  onNotice: Notice;
  onStatus: StationStatus;
  onOutbox: OutboxChange;
  onPrinting: PrintingChange;
  onScale: ScaleView;
  onUpdate: UpdateStatus;
}

export type InvokeName = keyof InvokeChannels;
export type EventName = keyof EventChannels;

export const channels = {
  getAppInfo: 'invoke',
  getThirdPartyNotices: 'invoke',
  getStatus: 'invoke',
  getUpdate: 'invoke',
  testConnection: 'invoke',
  listProfiles: 'invoke',
  saveProfile: 'invoke',
  deleteProfile: 'invoke',
  switchProfile: 'invoke',
  getKeyStatus: 'invoke',
  setKey: 'invoke',
  removeKey: 'invoke',
  lookupOrder: 'invoke',
  getProductNames: 'invoke',
  submitInvoice: 'invoke',
  submitLabel: 'invoke',
  listProducts: 'invoke',
  getProduct: 'invoke',
  getInbound: 'invoke',
  submitJob: 'invoke',
  listOrders: 'invoke',
  queryInventory: 'invoke',
  queryTrackings: 'invoke',
  getOutbox: 'invoke',
  retryJob: 'invoke',
  editJob: 'invoke',
  retryAllJobs: 'invoke',
  discardJob: 'invoke',
  acknowledgeOutboxNotice: 'invoke',
  reassignJob: 'invoke',
  getAudit: 'invoke',
  exportAuditCsv: 'invoke',
  getPrinting: 'invoke',
  savePrinterSettings: 'invoke',
  listPrinterQueues: 'invoke',
  testPrint: 'invoke',
  printLabel: 'invoke',
  retryPrint: 'invoke',
  readPrinterDensity: 'invoke',
  discardPrint: 'invoke',
  getCoordination: 'invoke',
  saveCoordination: 'invoke',
  testCoordination: 'invoke',
  openPack: 'invoke',
  packScan: 'invoke',
  answerPack: 'invoke',
  undoPackScan: 'invoke',
  finishPack: 'invoke',
  exportPacks: 'invoke',
  getPackSettings: 'invoke',
  savePackSettings: 'invoke',
  getBarcodeAliases: 'invoke',
  saveBarcodeAliases: 'invoke',
  listScales: 'invoke',
  getScaleSettings: 'invoke',
  saveScaleSettings: 'invoke',
  testScale: 'invoke',
  getScale: 'invoke',
  getPolicy: 'invoke',
  setStationLanguage: 'invoke',
  getDocumentPrinter: 'invoke',
  saveDocumentPrinter: 'invoke',
  testDocumentPrinter: 'invoke',
  printPaper: 'invoke',
  retryPaper: 'invoke',
  previewSupportBundle: 'invoke',
  saveSupportBundle: 'invoke',
  bulkBoard: 'invoke',
  bulkDrop: 'invoke',
  bulkAssign: 'invoke',
  bulkLeaveOut: 'invoke',
  bulkQueue: 'invoke',
  bulkClear: 'invoke',
  bulkPreview: 'invoke',
  getRecords: 'invoke',
  saveRecords: 'invoke',
  testRecords: 'invoke',
  recall: 'invoke',
  recallCsv: 'invoke',
  supervisor: 'invoke',
  supervisorCsv: 'invoke',
  getCamera: 'invoke',
  saveCamera: 'invoke',
  clipStart: 'invoke',
  clipAppend: 'invoke',
  clipFinish: 'invoke',
  packClips: 'invoke',
  holdClips: 'invoke',
  exportEvidence: 'invoke',
  onNotice: 'event',
  onStatus: 'event',
  onOutbox: 'event',
  onPrinting: 'event',
  onScale: 'event',
  onUpdate: 'event',
} as const satisfies Record<InvokeName, 'invoke'> & Record<EventName, 'event'>;

export const invokeNames = Object.keys(channels).filter(
  (name): name is InvokeName => channels[name as keyof typeof channels] === 'invoke',
);
export const eventNames = Object.keys(channels).filter(
  (name): name is EventName => channels[name as keyof typeof channels] === 'event',
);

export const channelOf = (name: InvokeName | EventName): string => `packbench:${name}`;
