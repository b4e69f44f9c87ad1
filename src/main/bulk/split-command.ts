// `files split`'s output: each piece written to DIR under a readable name, then printed as the
// contract says (issue #39), with the exit code it earns.
import { writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { translate } from '../../shared/i18n/translate.ts';
import type { DropPiece } from './split-drop.ts';

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A file name for each piece: its source's name, what it is and its place, never twice. */
export function namer(): (piece: DropPiece) => string {
  const taken = new Set<string>();
  return (piece) => {
    const inner = piece.source.slice(piece.source.lastIndexOf('!') + 1);
    const stem = basename(inner, extname(inner)).replace(/[^\p{L}\p{N}._-]+/gu, '_') || 'file';
    const what =
      piece.kind === 'invoice'
        ? 'invoice'
        : piece.kind === 'label'
          ? `label-${piece.index}`
          : 'other';
    const ext = piece.kind === 'invoice' ? '.pdf' : '.zpl';
    let name = `${stem}-${what}${ext}`;
    for (let n = 2; taken.has(name); n += 1) name = `${stem}-${what}-${n}${ext}`;
    taken.add(name);
    return name;
  };
}

/** A piece as the contract prints it (`file` is where it was written, or null). */
export function pieceJson(piece: DropPiece, file: string | null) {
  return {
    source: piece.source,
    kind: piece.kind,
    index: piece.index,
    pages: piece.pages,
    file,
    sha256: piece.sha256,
    error: piece.note ? translate('en', piece.note.key, piece.note.params) : null,
  };
}

export function printSplit(
  pieces: readonly DropPiece[],
  out: string,
  json: boolean,
  io: Io,
): number {
  const nameOf = namer();
  const printed = pieces.map((piece) => {
    let file: string | null = null;
    if (piece.bytes) {
      file = join(out, nameOf(piece));
      writeFileSync(file, piece.bytes);
    }
    return pieceJson(piece, file);
  });
  if (json) io.out(JSON.stringify({ pieces: printed }));
  else
    for (const piece of printed)
      io.out(
        `${piece.source}: ${piece.kind}${piece.index === null ? '' : ` ${piece.index}`}${
          piece.pages ? ` (pages ${piece.pages.join(', ')})` : ''
        }${piece.file ? ` → ${piece.file}` : ''}${piece.error ? `: ${piece.error}` : ''}`,
      );
  const left = printed.filter((p) => p.error !== null || p.kind === 'other').length;
  // Every non-zero exit says why on stderr, with --json as without (stdout keeps the pieces).
  if (left > 0) io.err(`${left} piece(s) refused or not labels.`);
  return left === 0 ? 0 : 3;
}
