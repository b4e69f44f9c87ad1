// What the engine says about a label it could not draw exactly as written. The CLI's JSON,
// the Labels screen and the lint all show this one shape: `command` without its ^ or ~,
// `line` and `column` 1-based, pointing at the command's prefix character.
export interface ZplWarning {
  command: string;
  line: number;
  column: number;
  message: string;
}
