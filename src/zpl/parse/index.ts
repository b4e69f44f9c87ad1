// The ZPL parser: bytes → commands (tokenize), commands → label formats (splitLabels),
// parameters (splitParams) and field data → text (decodeFieldData).
export { tokenize, type TokenizeResult, type ZplCommand } from './tokenize.ts';
export { splitLabels, type SplitLabels, type ZplLabel } from './labels.ts';
export { splitParams } from './params.ts';
export { decodeFieldData, type DecodedFieldData, type FieldDataOptions } from './field-data.ts';
export { CHARSET_NAMES } from './charsets.ts';
