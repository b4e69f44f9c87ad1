// What the engine says about a label it could not draw exactly as written. The CLI's JSON,
// the Labels screen and the lint all show this one shape: `command` without its ^ or ~,
// `line` and `column` 1-based, pointing at the command's prefix character.
export interface ZplWarning {
  command: string;
  line: number;
  column: number;
  /** English, for terminals and logs. */
  message: string;
  /**
   * For the window, which says it in the operator's language: the kind of remark and the
   * values its sentence names. The CLI's JSON leaves both out (its contract is the four
   * fields above).
   */
  code?: ZplWarningCode;
  values?: Record<string, number | string>;
}

export type ZplWarningCode = 'unsupported' | 'unterminated' | 'too_wide' | 'too_long';
