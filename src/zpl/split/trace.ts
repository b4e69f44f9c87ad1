// Walks the formats the way the engine runs them (engine.ts: each format's preamble, then its
// commands, through one interpreter; render/interpret.ts: step) and notes, for each format,
// what a split piece of it needs: whether it prints (a label, or a block without fields), the
// state in force before it, the stored images and formats it uses from before it, and the
// format a ^DF in it stores. Only the engine's control flow is mirrored here (what is stored by
// ^DF, what ^XF replays, which commands end a field and which fields print); every parameter is
// read with the engine's own functions. The pixel tests hold the two together.
import { decodeDownloadGraphic, parseImageName, parseRecallGraphic } from '../graphics/index.ts';
import { splitParams, type ZplCommand, type ZplLabel } from '../parse/index.ts';
import { DRAWING, SETTINGS_ONLY } from '../render/command-table.ts';
import { int } from '../render/numbers.ts';
import { StateLog, type StateSnapshot } from './state-log.ts';

/** Something stored in the printer's memory, and where it came from. */
export interface Stored {
  /** The token indices that recreate it: a download, or ^DF and the commands it stores. */
  indices: number[];
  /** Whether it is a format (^DF), to be wrapped in ^XA … ^XZ. */
  format: boolean;
  /** The format whose run stored it, and whether from that format's preamble. */
  owner: number;
  preamble: boolean;
}

export interface FormatPlan {
  /** The format prints something (a field or an ^IL image): a label. */
  prints: boolean;
  /** The key of the format a ^DF in it stored, if any. */
  stores: string | null;
  /** Printer state before the format's preamble runs. */
  state: StateSnapshot;
  /** What it uses from earlier formats (or from its own preamble), in file order. */
  needs: Stored[];
}

/** Downloads the engine does not keep (fonts, ~DY objects) but a printer needs by name. */
const NAMED_DOWNLOADS = new Set(['DY', 'DB', 'DU']);
/** Commands that give a field its graphic. */
const GRAPHICS = new Set(['GB', 'GC', 'GD', 'GE', 'GF', 'XG', 'IM']);
/** Recursion guard for formats that recall themselves (the engine itself would not end). */
const MAX_RECALL_DEPTH = 32;

interface Storing {
  key: string;
  stored: Stored;
}

interface Field {
  origin: boolean;
  data: boolean;
  number: number | null;
  graphic: boolean;
  barcode: boolean;
  skipped: boolean;
}

const emptyField = (): Field => ({
  origin: false,
  data: false,
  number: null,
  graphic: false,
  barcode: false,
  skipped: false,
});

/** A stored object's key as render/stored-formats.ts files formats (objectKey). */
export function formatKey(raw: string): string {
  const text = raw.trim().toUpperCase();
  const rest = text.indexOf(':') === 1 ? text.slice(2) : text;
  const dot = rest.lastIndexOf('.');
  const name = dot >= 0 ? rest.slice(0, dot) : rest;
  return `${name || 'UNKNOWN'}.${dot >= 0 ? rest.slice(dot + 1) || 'ZPL' : 'ZPL'}`;
}

/** A name without device or extension, for downloads matched by name only (~DY, ~DB, ~DU). */
function baseName(raw: string | undefined): string {
  const text = (raw ?? '').trim().toUpperCase();
  const rest = text.indexOf(':') === 1 ? text.slice(2) : text;
  const dot = rest.lastIndexOf('.');
  return dot >= 0 ? rest.slice(0, dot) : rest;
}

export class Tracer {
  private readonly images = new Map<string, Stored>();
  private readonly named = new Map<string, Stored>();
  private readonly formats = new Map<string, Stored>();
  /** ^CW: a font letter and the download it names, as it stood when ^CW ran. */
  private readonly aliases = new Map<string, Stored | undefined>();
  private readonly log = new StateLog();
  private readonly commands: readonly ZplCommand[];
  private readonly indexOf: Map<ZplCommand, number>;

  // Per format:
  private current = 0;
  private inPreamble = false;
  private needs = new Set<Stored>();
  private field: Field = emptyField();
  private drew = false;
  private storing: Storing | null = null;

  /** `commands`: the whole token stream, so ^XF can replay stored commands by index. */
  constructor(commands: readonly ZplCommand[]) {
    this.commands = commands;
    this.indexOf = new Map(commands.map((c, i) => [c, i]));
  }

  /** Runs one format (its preamble, then its commands) and says what its piece needs. */
  format(label: ZplLabel, ordinal: number): FormatPlan {
    const state = this.log.snapshot();
    this.current = ordinal;
    this.needs = new Set();
    this.field = emptyField();
    this.drew = false;
    this.storing = null;
    this.inPreamble = true;
    for (const c of label.preamble) this.step(c, 0);
    this.inPreamble = false;
    for (const c of label.commands) this.step(c, 0);
    // finish(): a ^DF's format is filed, then a field still open at ^XZ is printed.
    // (A cast: the compiler cannot see that step() sets it.)
    const storing = this.storing as Storing | null;
    if (storing) this.formats.set(storing.key, storing.stored);
    this.storing = null;
    const f = this.field;
    if (f.data || f.graphic || f.barcode) this.endField();
    const needs = [...this.needs].sort((a, b) => (a.indices[0] ?? 0) - (b.indices[0] ?? 0));
    return { prints: this.drew, stores: storing?.key ?? null, state, needs };
  }

  private index(command: ZplCommand): number {
    return this.indexOf.get(command) ?? -1;
  }

  private use(stored: Stored | undefined): void {
    if (!stored) return;
    if (stored.owner < this.current || (stored.owner === this.current && stored.preamble))
      this.needs.add(stored);
  }

  private keep(map: Map<string, Stored>, key: string, command: ZplCommand): void {
    map.set(key, {
      indices: [this.index(command)],
      format: false,
      owner: this.current,
      preamble: this.inPreamble,
    });
  }

  /**
   * ^CWa,d:o.x: the engine ignores it (the font is drawn as font 0), but a printer keeps the
   * alias from format to format; it is carried with the state, and the font it names travels
   * with the labels that use the letter.
   */
  private alias(command: ZplCommand, p: string[]): void {
    const letter = (p[0] ?? '').trim().charAt(0).toUpperCase();
    if (!letter) return;
    this.aliases.set(letter, this.named.get(baseName(p[1])));
    this.log.apply(command, this.index(command));
  }

  private endField(): void {
    const f = this.field;
    this.field = emptyField();
    // A ^FN value for a recalled format prints nothing by itself.
    if (f.number !== null && f.data && !f.origin && !f.graphic && !f.barcode) return;
    if (f.graphic || f.barcode || f.data || f.skipped || f.number !== null) this.drew = true;
  }

  private step(command: ZplCommand, depth: number): void {
    const { name } = command;
    if (this.storing) {
      if (name !== 'XZ') this.storing.stored.indices.push(this.index(command));
      return;
    }
    const p = splitParams(command.params, command.delimiter);
    if (SETTINGS_ONLY.has(name) || (name === 'PO' && p[0]?.trim() === 'N')) {
      this.log.apply(command, this.index(command));
      return;
    }
    if (!DRAWING.has(name)) {
      if (NAMED_DOWNLOADS.has(name)) this.keep(this.named, baseName(p[0]), command);
      if (name === 'CW') this.alias(command, p);
      if (command.prefix === '^' && (name.startsWith('B') || name === 'GS'))
        this.field.skipped = true;
      return;
    }
    this.log.apply(command, this.index(command));
    switch (name) {
      case 'FO':
      case 'FT':
        if (this.field.graphic && this.field.origin) this.endField();
        this.field.origin = true;
        return;
      case 'FD':
      case 'FV':
        if (this.field.graphic && !this.field.data) this.endField();
        this.field.data = true;
        return;
      case 'FS':
        this.endField();
        return;
      case 'FN':
        this.field.number = int(p[0]) ?? null;
        return;
      case 'A@':
        this.use(this.named.get(baseName(p[3])));
        return;
      case 'A':
        // ^Ax where a ^CW made x a downloaded font: the font's download travels with the label.
        this.use(this.aliases.get(command.params.charAt(0).toUpperCase()));
        return;
      case 'XG':
      case 'IM':
      case 'IL': {
        const named =
          name === 'XG'
            ? parseRecallGraphic(command.params)
            : parseImageName(command.params, name === 'IM' ? '^IM' : '^IL');
        const key = `${named.name.toUpperCase()}.${(named.extension || 'GRF').toUpperCase()}`;
        const image = this.images.get(key);
        this.use(image);
        this.use(this.named.get(baseName(named.name)));
        if (name === 'IL') {
          if (image) this.drew = true;
        } else this.field.graphic = true;
        return;
      }
      case 'DG': {
        const decoded = decodeDownloadGraphic(command.params);
        if (decoded.bitmap) this.keep(this.images, `${decoded.name.toUpperCase()}.GRF`, command);
        return;
      }
      case 'DF':
        this.storing = {
          key: formatKey(p[0] ?? ''),
          stored: {
            indices: [this.index(command)],
            format: true,
            owner: this.current,
            preamble: false,
          },
        };
        return;
      case 'XF': {
        const stored = this.formats.get(formatKey(p[0] ?? ''));
        if (!stored || depth >= MAX_RECALL_DEPTH) return;
        this.use(stored);
        // The stored commands, after the ^DF itself, run in this format.
        for (const i of stored.indices.slice(1)) {
          const c = this.commands[i];
          if (c) this.step(c, depth + 1);
        }
        return;
      }
      default:
        if (GRAPHICS.has(name)) this.field.graphic = true;
        else if (name.startsWith('B') && name !== 'BY') this.field.barcode = true;
    }
  }
}
