// The shapes splitZpl hands back. No sentences here: src/zpl reads no i18n catalogue, so every
// refusal or remark is a code with the values its sentence names, and the caller (the Bulk
// screen, the `files` command line) turns it into words in the operator's language.

/** Why a piece is not a plain label, or why the whole input was refused. */
export type ZplSplitCode =
  /** The input holds no bytes, or only white space. */
  | 'empty'
  /** The input has formats (or none) but not one of them prints a label. */
  | 'no_labels'
  /** More labels than `maxLabels` (20,000 unless told): nothing is split. */
  | 'too_many_labels'
  /** A format whose ^XA has no ^XZ before the input ends: a printer would wait and print nothing. */
  | 'unterminated'
  /** A format without fields (^XA^MMT^PW812^LH0,0^XZ): printer settings only. */
  | 'configuration_block'
  /** A format that only stores a format (^DF) for later ^XF recalls. */
  | 'format_definition';

export interface ZplSplitError {
  code: ZplSplitCode;
  /** The values the sentence names (line, column, labels, limit, name…). */
  params: Record<string, string | number>;
}

export interface ZplPiece {
  /** A format that prints a label, or one that does not (configuration, ^DF storage). */
  kind: 'label' | 'other';
  /**
   * 1-based place among the input's labels, the same numbering as the engine's
   * `render(input).labels[i].index`; null for `other` pieces (they are not labels).
   */
  index: number | null;
  /**
   * A label: its own ^XA…^XZ, preceded by every download it uses, the stored formats its ^XF
   * recall, and a settings-only format that restores what earlier formats left in force.
   * Rendered alone it is the same picture as inside the input. `other`: the block as written.
   * The text of `bytes` (UTF-8).
   */
  zpl: string;
  /** The exact bytes of the piece: write these (they are what `zpl` encodes to). */
  bytes: Uint8Array;
  /** Where the block's ^XA is in the input, 1-based (column in UTF-16 units for UTF-8). */
  line: number;
  column: number;
  /** null for a plain label; otherwise the code saying what the piece is or why it is refused. */
  error: ZplSplitError | null;
}

export interface ZplSplit {
  /** Every format of the input, in file order. */
  pieces: ZplPiece[];
  /** How many pieces are labels (kind `label`, refused or not). */
  labels: number;
  /** The whole input refused (empty, no labels, too many labels), or null. */
  error: ZplSplitError | null;
}

export interface ZplSplitOptions {
  /** More labels than this refuses the input (`too_many_labels`). Default 20,000. */
  maxLabels?: number;
}

export const DEFAULT_MAX_LABELS = 20_000;
