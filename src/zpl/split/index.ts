// Splitting a ZPL file into self-contained labels (issue 39): splitZpl and its shapes.
export { splitZpl } from './split.ts';
export {
  DEFAULT_MAX_LABELS,
  type ZplPiece,
  type ZplSplit,
  type ZplSplitCode,
  type ZplSplitError,
  type ZplSplitOptions,
} from './types.ts';
