import { translate, type CatalogueLanguage } from '../../shared/i18n/translate.ts';
import type { PackEvent, PackRow } from '../pack/pack-store.ts';

// The clip's WebVTT track (issue #41): one cue per scan of the pack (its code, product, lot,
// expiry and verdict, counted or refused), one per unit taken back and one for the weighing,
// each at its time from the clip's start, so a player jumps to "the third unit of SKU X". The
// cues are made from the pack's record, never kept apart from it: the same record gives the
// same track.

export interface CueClip {
  /** When recording began (ms since the epoch). */
  startedAt: number;
  /** How long the clip plays; events after its end get no cue. Unknown: every event does. */
  durationMs: number | null;
}

export interface Cue {
  id: string;
  startMs: number;
  endMs: number;
  lines: string[];
}

/** How long a cue shows when the next one is further off. */
const SHOWN_MS = 3_000;
const ASCII_GS = String.fromCharCode(29);

/** 00:01:02.345 */
export function vttTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
}

/** Text safe in a cue: no blank line (it would end the cue), no "-->", no control bytes. */
const clean = (text: string) =>
  text
    .replaceAll(ASCII_GS, '<GS>')
    .replace(/[\r\n]+/g, ' ')
    .replaceAll('-->', '->')
    .replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'));

function linesOf(event: PackEvent, pack: PackRow, lang: CatalogueLanguage): string[] | null {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    clean(translate(lang, `evidence.cue.${key}`, params));
  if (event.kind === 'unit') {
    const { unit } = event;
    const name = pack.snapshot.products[unit.sku]?.name ?? null;
    const lines = [
      t('scan', { seq: event.seq }),
      t('code', { code: unit.code }),
      name ? t('productNamed', { sku: unit.sku, name }) : t('product', { sku: unit.sku }),
    ];
    if (unit.lot) lines.push(t('lot', { lot: unit.lot }));
    if (unit.expiry) lines.push(t('expiry', { expiry: unit.expiry }));
    if (unit.override)
      lines.push(
        t('countedWithReason', { kind: unit.override.kind, reason: unit.override.reason }),
      );
    else
      lines.push(
        t(unit.lotState === 'expiring' ? 'countedExpiring' : 'counted', {
          quantity: unit.quantity,
        }),
      );
    return lines;
  }
  if (event.kind === 'refused') {
    const reason = event.messageKey.split('.').at(-1) ?? event.messageKey;
    const known = translate(lang, `evidence.cue.reasons.${reason}`);
    return [
      t('scan', { seq: event.seq }),
      t('code', { code: event.code }),
      t('refused', { reason: known.startsWith('evidence.') ? reason : known }),
    ];
  }
  if (event.kind === 'undo') return [t('undone', { of: event.of })];
  if (event.kind === 'weighed') {
    const { weighing } = event;
    const lines = [t('weighed', { grams: weighing.grams })];
    if (weighing.expectedGrams !== null)
      lines.push(t('expected', { grams: weighing.expectedGrams }));
    if (weighing.override) lines.push(t('weightReason', { reason: weighing.override.reason }));
    return lines;
  }
  return null;
}

/** The cues of a pack's events against one clip, in time order. */
export function cuesOf(
  pack: PackRow,
  events: readonly PackEvent[],
  clip: CueClip,
  lang: CatalogueLanguage = 'en',
): Cue[] {
  const found: Omit<Cue, 'endMs'>[] = [];
  for (const event of events) {
    const startMs = event.at - clip.startedAt;
    if (startMs < 0 || (clip.durationMs !== null && startMs > clip.durationMs)) continue;
    const lines = linesOf(event, pack, lang);
    if (lines) found.push({ id: `${event.kind}-${event.seq}`, startMs, lines });
  }
  return found.map((cue, i) => {
    const next = found[i + 1]?.startMs ?? Number.POSITIVE_INFINITY;
    let endMs = Math.min(cue.startMs + SHOWN_MS, next);
    if (endMs <= cue.startMs) endMs = cue.startMs + SHOWN_MS;
    if (clip.durationMs !== null && clip.durationMs > cue.startMs)
      endMs = Math.min(endMs, clip.durationMs);
    return { ...cue, endMs: Math.max(endMs, cue.startMs + 1) };
  });
}

/** The WebVTT file of those cues. */
export function webVtt(pack: PackRow, cues: readonly Cue[]): string {
  const head = [
    `WEBVTT - ${clean(`Packbench order ${pack.orderId}`)}`,
    '',
    `NOTE pack ${clean(pack.id)}, station ${clean(pack.station)}, packer ${clean(pack.account)}`,
    '',
  ];
  const body = cues.flatMap((cue) => [
    cue.id,
    `${vttTime(cue.startMs)} --> ${vttTime(cue.endMs)}`,
    ...cue.lines,
    '',
  ]);
  return [...head, ...body].join('\n');
}
