// Writes a piece from the input's own bytes. Each command is copied as it was written, from its
// prefix to the next command's, so the engine reads it back exactly as it read it in the file
// (binary ^GFB payloads, field data, odd delimiters and all). What a copied command needs from
// the tokenizer is the prefixes and delimiter in force where it stood (^CC, ^CT, ^CD hold
// across labels); the writer switches to them first, with ^CD/^CT/^CC of its own, whenever the
// piece brings together commands from parts of the file written under different ones.
import type { ZplCommand } from '../parse/index.ts';

/** Caret, tilde and delimiter in force, packed: caret | tilde << 8 | delimiter << 16. */
export type Prefixes = number;

const pack = (caret: number, tilde: number, delimiter: number): Prefixes =>
  caret | (tilde << 8) | (delimiter << 16);

export const DEFAULT_PREFIXES: Prefixes = pack(0x5e, 0x7e, 0x2c);

const caretOf = (p: Prefixes): number => p & 0xff;
const tildeOf = (p: Prefixes): number => (p >> 8) & 0xff;
const delimiterOf = (p: Prefixes): number => (p >> 16) & 0xff;

/**
 * The prefixes in force before each command (and, at `commands.length`, after the last), as
 * the tokenizer changed them (parse/tokenize.ts: ^CC/~CC, ^CT/~CT, ^CD/~CD take one character).
 */
export function prefixesAt(commands: readonly ZplCommand[]): Int32Array {
  const out = new Int32Array(commands.length + 1);
  let caret = 0x5e;
  let tilde = 0x7e;
  let delimiter = 0x2c;
  commands.forEach((c, i) => {
    out[i] = pack(caret, tilde, delimiter);
    if (c.params.length !== 1) return;
    const value = c.params.charCodeAt(0);
    if (c.name === 'CC') caret = value;
    else if (c.name === 'CT') tilde = value;
    else if (c.name === 'CD') delimiter = value;
  });
  out[commands.length] = pack(caret, tilde, delimiter);
  return out;
}

const LF = 0x0a;

export class PieceWriter {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;
  private at: Prefixes = DEFAULT_PREFIXES;
  private readonly input: Uint8Array;
  private readonly commands: readonly ZplCommand[];
  private readonly prefixes: Int32Array;

  constructor(input: Uint8Array, commands: readonly ZplCommand[], prefixes: Int32Array) {
    this.input = input;
    this.commands = commands;
    this.prefixes = prefixes;
  }

  /** Commands by token index, in the order given; neighbours in the file are copied as one. */
  indices(list: readonly number[]): void {
    let start = 0;
    for (let k = 1; k <= list.length; k++) {
      if (k < list.length && list[k] === (list[k - 1] ?? 0) + 1) continue;
      this.run(list[start] ?? 0, list[k - 1] ?? 0);
      start = k;
    }
  }

  /** Commands `from` … `to` (token indices, inclusive) as written, with what lies between. */
  run(from: number, to: number): void {
    const first = this.commands[from];
    if (!first || to < from) return;
    this.switchTo(this.prefixes[from] ?? DEFAULT_PREFIXES);
    const end = this.commands[to + 1]?.offset ?? this.input.length;
    this.push(this.input.subarray(first.offset, end));
    this.at = this.prefixes[to + 1] ?? this.at;
  }

  /** Text of our own, written with the default prefixes and delimiter (`^BY3,2.0,100`). */
  text(zpl: string): void {
    this.switchTo(DEFAULT_PREFIXES);
    this.push(new TextEncoder().encode(zpl));
  }

  /** A format of our own: ^XA, what `body` writes, ^XZ, with the caret in force each time. */
  format(body: () => void): void {
    this.command('XA');
    body();
    this.command('XZ');
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }

  private command(name: string, value?: number): void {
    const head = `${String.fromCharCode(caretOf(this.at))}${name}`;
    const bytes = new Uint8Array(head.length + (value === undefined ? 0 : 1));
    for (let i = 0; i < head.length; i++) bytes[i] = head.charCodeAt(i);
    if (value !== undefined) bytes[head.length] = value;
    this.push(bytes);
  }

  private switchTo(target: Prefixes): void {
    if (target === this.at) return;
    // Delimiter and tilde first, under the caret in force; the caret last.
    if (delimiterOf(target) !== delimiterOf(this.at)) this.command('CD', delimiterOf(target));
    if (tildeOf(target) !== tildeOf(this.at)) this.command('CT', tildeOf(target));
    if (caretOf(target) !== caretOf(this.at)) this.command('CC', caretOf(target));
    this.at = target;
  }

  /** Appends bytes, then a line break unless they end with one (the engine drops them). */
  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.size += bytes.length;
    if (bytes[bytes.length - 1] !== LF) {
      this.chunks.push(NEWLINE);
      this.size += 1;
    }
  }
}

const NEWLINE = Uint8Array.of(LF);
