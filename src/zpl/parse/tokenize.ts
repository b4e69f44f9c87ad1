// Splits a ZPL byte stream into commands the way a Zebra printer reads it. Everything here
// is about the stream, not about what any command means; the interpreter does that.
//
// Rules, with their source (ZPL II Programming Guide unless said otherwise):
// - A command is a prefix, a mnemonic and a parameter string that runs to the next prefix.
//   "^" starts format commands and "~" control commands; RS (0x1E) may stand for the caret
//   and DLE (0x10) for the tilde ("Format and Control Commands", Vol. Two), so those bytes
//   are prefixes too, whatever ^CC/^CT set.
// - Mnemonics are two characters and case-insensitive ("ZPL II commands can be entered in
//   either uppercase characters, lowercase characters, or a combination"), with three
//   exceptions in the command reference: ^A (one letter, the font name follows: ^Afo,h,w),
//   ^A@, and ^F16 (with ^F8, the deprecated pair that ^CI17 needed).
// - CR and LF are dropped wherever they arrive, field data included: Zebra's own note on
//   line breaks in a QR code says to send them as ^FH _0D_0A, ^FB gets its line breaks from
//   "\&", ^GF/~DG hex "can" carry CR/LF "for readability", and the open engines tuned
//   against Labelary (labelize, zebrash) drop them the same way. The exception is binary
//   data with a byte count (^GFB/^GFC, ~DY with B/C): "all control prefixes are ignored until
//   the total number of bytes needed … is sent", so those bytes are taken as they come.
// - ^FX comments end at the next caret or tilde ("up to the next caret (^) or tilde (~)
//   command"). ^FD/^FV data ends at the next caret only: the guide's ^FD page lists the tilde
//   among the prefixes, but its ^BX page makes "~" the default escape inside that very field
//   data (~1 for FNC1, ~dNNN…), and Labelary and zebrash keep a tilde in field data as data.
//   A tilde there is kept, with a warning: some older firmware reads it as a control command.
// - ^CC/~CC, ^CT/~CT and ^CD/~CD take exactly one character: "if a parameter is not
//   entered, the next character received is the new prefix character". The change holds
//   from the next byte on, across labels, until changed again.
import type { ZplWarning } from '../warning.ts';
import { splitParams } from './params.ts';

export interface ZplCommand {
  /** Which kind of command: format (^, or its replacement by ^CC) or control (~, or by ^CT). */
  prefix: '^' | '~';
  /** Upper-case mnemonic: `FO`, `A`, `A@`, `GF`, `F16`… */
  name: string;
  /**
   * Everything after the mnemonic up to the next prefix, one character per byte (Latin-1),
   * CR and LF removed (binary payloads excepted, see above). Field data is still raw bytes:
   * decode it with decodeFieldData.
   */
  params: string;
  /** 1-based position of the prefix character. */
  line: number;
  column: number;
  /** Byte offset of the prefix character in the input. */
  offset: number;
  /** Parameter delimiter in effect for this command (^CD): pass it to splitParams. */
  delimiter: string;
}

export interface TokenizeResult {
  commands: ZplCommand[];
  warnings: ZplWarning[];
}

const LF = 0x0a;
const CR = 0x0d;
const DLE = 0x10;
const RS = 0x1e;

/** Data-carrying commands whose payload may be binary, with where the payload starts. */
const COUNTED: Readonly<Record<string, { dataAfter: number; format: number; count: number }>> = {
  // ^GFa,b,c,d,data — a = A (hex), B (binary) or C (compressed binary); b = byte count.
  GF: { dataAfter: 4, format: 0, count: 1 },
  // ~DYd:f,b,x,t,w,data — b = A/P (ASCII) or B/C (binary); t = total bytes.
  DY: { dataAfter: 5, format: 1, count: 3 },
};

const FIELD_DATA = new Set(['FD', 'FV', 'FX']);

/** Tracks the position of the next byte; columns in UTF-16 units for UTF-8 files. */
class Cursor {
  i = 0;
  line = 1;
  column = 1;

  readonly bytes: Uint8Array;
  private readonly utf8: boolean;

  constructor(bytes: Uint8Array, utf8: boolean) {
    this.bytes = bytes;
    this.utf8 = utf8;
  }

  get done(): boolean {
    return this.i >= this.bytes.length;
  }

  peek(): number | undefined {
    return this.bytes[this.i];
  }

  advance(): void {
    const b = this.bytes[this.i] ?? 0;
    this.i++;
    if (b === LF) {
      this.line++;
      this.column = 1;
    } else if (b === CR) {
      // CR LF is one line break (counted at the LF); a lone CR is one too, as editors see it.
      if (this.bytes[this.i] !== LF) {
        this.line++;
        this.column = 1;
      }
    } else if (!this.utf8) {
      this.column++;
    } else if ((b & 0xc0) !== 0x80) {
      // Editors count UTF-16 units: one per character, two for one beyond U+FFFF (4-byte
      // sequences); continuation bytes add nothing.
      this.column += b >= 0xf0 ? 2 : 1;
    }
  }
}

export function tokenize(input: Uint8Array): TokenizeResult {
  const utf8 = isUtf8(input);
  const cursor = new Cursor(input, utf8);
  const commands: ZplCommand[] = [];
  const warnings: ZplWarning[] = [];
  let caret = 0x5e;
  let tilde = 0x7e;
  let delimiter = 0x2c;

  const isFormat = (b: number): boolean => b === caret || b === RS;
  const isControl = (b: number): boolean => b === tilde || b === DLE;
  const isPrefix = (b: number): boolean => isFormat(b) || isControl(b);
  const warn = (command: string, line: number, column: number, message: string): void => {
    warnings.push({ command, line, column, message });
  };

  const skipLineBreaks = (): void => {
    for (let b = cursor.peek(); b === CR || b === LF; b = cursor.peek()) cursor.advance();
  };

  /** Takes the next mnemonic byte, unless the input ends or a new command starts there. */
  const nameByte = (): number | undefined => {
    skipLineBreaks();
    const b = cursor.peek();
    if (b === undefined || isPrefix(b)) return undefined;
    cursor.advance();
    return b;
  };

  /**
   * Parameter text up to the next prefix (CR/LF dropped), or up to and including the
   * `stopAfter`-th delimiter when given.
   */
  const readText = (
    stopAfter = Infinity,
    stop: (b: number) => boolean = isPrefix,
  ): { text: string; delimiters: number } => {
    const { bytes } = cursor;
    let text = '';
    let segment = cursor.i;
    let delimiters = 0;
    while (!cursor.done) {
      const b = bytes[cursor.i] ?? 0;
      if (stop(b)) break;
      if (b === CR || b === LF) {
        text += latin1(bytes, segment, cursor.i);
        cursor.advance();
        segment = cursor.i;
        continue;
      }
      cursor.advance();
      if (b === delimiter && ++delimiters >= stopAfter) break;
    }
    return { text: text + latin1(bytes, segment, cursor.i), delimiters };
  };

  /** Skips text that belongs to no command (a printer ignores it); says so unless blank. */
  const skipStray = (owner: ZplCommand | null, what: string): void => {
    let reported = false;
    while (!cursor.done) {
      const b = cursor.peek() ?? 0;
      if (isPrefix(b)) return;
      if (!reported && b !== 0x20 && b !== 0x09 && b !== CR && b !== LF) {
        reported = true;
        warn(owner?.name ?? '', cursor.line, cursor.column, `${what} is ignored`);
      }
      cursor.advance();
    }
  };

  const readCommand = (): void => {
    const { line, column } = cursor;
    const offset = cursor.i;
    const first = cursor.peek() ?? 0;
    const prefix = isFormat(first) ? '^' : '~';
    cursor.advance();

    const c1 = nameByte();
    if (c1 === undefined) {
      warn('', line, column, `"${prefix}" with no command after it is ignored`);
      return;
    }
    let name = upperChar(c1);
    if (prefix === '^' && name === 'A') {
      skipLineBreaks();
      if (cursor.peek() === 0x40) {
        cursor.advance();
        name = 'A@';
      }
    } else {
      const c2 = nameByte();
      if (c2 === undefined) {
        warn(
          name,
          line,
          column,
          `${prefix}${name} is cut short: a command name has two characters`,
        );
      } else {
        name += upperChar(c2);
        if (name === 'F1') {
          skipLineBreaks();
          if (cursor.peek() === 0x36) {
            cursor.advance();
            name = 'F16';
          }
        }
      }
    }

    const previous = commands.at(-1);
    if (prefix === '~' && previous && previous.name === 'FX') {
      warn(
        name,
        line,
        column,
        `this tilde ends the ^FX comment (line ${previous.line}, column ${previous.column}) ` +
          `and starts control command ~${name}`,
      );
    }

    const command: ZplCommand = {
      prefix,
      name,
      params: '',
      line,
      column,
      offset,
      delimiter: String.fromCharCode(delimiter),
    };
    commands.push(command);

    if (name === 'CC' || name === 'CT' || name === 'CD') {
      skipLineBreaks();
      const value = cursor.peek();
      if (value === undefined) {
        warn(name, line, column, `${prefix}${name} needs a character after it; nothing changed`);
        return;
      }
      cursor.advance();
      command.params = String.fromCharCode(value);
      if (name === 'CC') caret = value;
      else if (name === 'CT') tilde = value;
      else delimiter = value;
      if (caret === tilde || caret === delimiter || tilde === delimiter) {
        warn(
          name,
          line,
          column,
          `${prefix}${name}${command.params} makes two of the caret, tilde and delimiter the ` +
            `same character; the guide says not to`,
        );
      }
      skipStray(command, `text after ${prefix}${name}${command.params}`);
      return;
    }

    const counted = COUNTED[name];
    if (counted) {
      const head = readText(counted.dataAfter);
      command.params = head.text;
      if (head.delimiters >= counted.dataAfter) {
        const parts = splitParams(head.text, command.delimiter);
        const format = (parts[counted.format] ?? '').trim().toUpperCase();
        if (format === 'B' || format === 'C') {
          const count = /^\s*\d+\s*$/.test(parts[counted.count] ?? '')
            ? Number(parts[counted.count])
            : NaN;
          if (Number.isFinite(count)) {
            const start = cursor.i;
            const end = Math.min(input.length, start + count);
            while (cursor.i < end) cursor.advance();
            command.params += latin1(input, start, end);
            if (end - start < count) {
              warn(
                name,
                line,
                column,
                `${prefix}${name} announces ${count} bytes of binary data but the input ends ` +
                  `after ${end - start}`,
              );
            }
            skipStray(command, `text after the ${count} bytes of binary data of ${prefix}${name}`);
            return;
          }
          warn(
            name,
            line,
            column,
            `${prefix}${name} has binary data (${format}) but no byte count; ` +
              `its data is read up to the next command prefix`,
          );
        }
      }
      command.params += readText().text;
      return;
    }

    if (FIELD_DATA.has(name) && name !== 'FX') {
      // Field data runs to the next caret; a tilde in it is data (see the rules above).
      command.params = readText(Infinity, isFormat).text;
      const tildeAt = command.params.indexOf(String.fromCharCode(tilde));
      if (tildeAt >= 0) {
        warn(
          name,
          line,
          column,
          `the field data holds "${String.fromCharCode(tilde)}", kept as data; some older ` +
            `printers read it as a control command (^FH with _7E is safe everywhere)`,
        );
      }
      return;
    }
    command.params = readText().text;
  };

  if (input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) {
    // A UTF-8 byte-order mark is not data (the guide recommends "a ^CI command (or Unicode
    // BOM)" at the start). A UTF-8 editor hides it; one that fell back to bytes shows it.
    if (utf8) cursor.i = 3;
    else for (let i = 0; i < 3; i++) cursor.advance();
  } else if ((input[0] === 0xfe && input[1] === 0xff) || (input[0] === 0xff && input[1] === 0xfe)) {
    warn('', 1, 1, 'UTF-16 ZPL is not supported: the file is read one byte at a time');
  }

  skipStray(null, 'text before the first command');
  // Each command reads up to the next prefix (or skips what it does not take), so the
  // cursor is always on a prefix here.
  while (!cursor.done) readCommand();
  return { commands, warnings };
}

function upperChar(b: number): string {
  return String.fromCharCode(b >= 0x61 && b <= 0x7a ? b - 0x20 : b);
}

/** Bytes start…end as a string of the same length, one character per byte. */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; i += 0x2000) {
    out += String.fromCharCode(...bytes.subarray(i, Math.min(end, i + 0x2000)));
  }
  return out;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
