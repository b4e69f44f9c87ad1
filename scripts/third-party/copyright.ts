// The copyright line of an installed package, for THIRD_PARTY_NOTICES: the attribution that
// permissive licences ask for. Read from the package's own licence files; its package.json
// author is the fallback when those carry no copyright line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Copyright {
  line: string;
  /** The file the line was read from, or `package.json author`. */
  source: string;
}

// LICENSE, LICENCE.md, LICENSE-MIT, COPYING.txt, NOTICE…: licence files first, NOTICE last
// (Apache's NOTICE often repeats the line, but a LICENSE is the usual place).
const FILE_KINDS = [/^licen[cs]e/i, /^copying/i, /^notice/i];
// A "third-party" licence file lists what the package bundles (the Rust crates of a native
// module): its copyright lines are those crates' authors, not the package's.
const isCandidate = (name: string): boolean =>
  FILE_KINDS.some((kind) => kind.test(name)) &&
  !/third.?party|3rd.?party/i.test(name) &&
  !/\.(js|cjs|mjs|ts|json|map)$/i.test(name);

// "Copyright (c) 2016 Foo", "(c) 2016 Foo", "© 2016 Foo": the line must begin with the
// statement (a bare "(c)" needs a year after it: Apache's clause "(c) You must retain…" is not one)…
const STATEMENT = /^(?:copyright\b|(?:\(c\)|©)\s*(?:copyright\b|\d))/i;
// …and not be licence prose ("Copyright notice and this permission…", "copyright holders") or
// the Apache appendix template ("Copyright [yyyy] [name of copyright owner]").
const PROSE =
  /^copyright\s+(?:notices?|holders?|owners?|and|law|laws|licen[cs]es?|statements?|to|of|in|is|the\s+above)\b/i;
const TEMPLATE = /\[yyyy\]|\{yyyy\}|\[name of copyright owner\]|<year>|<copyright holders?>/i;

/** The first copyright statement of a text, or null. */
export function copyrightLineIn(text: string): string | null {
  for (const raw of text.split(/\r?\n/)) {
    // Markdown licence files decorate the line (`**Copyright**`, `> Copyright`, `# Copyright`).
    const line = raw
      .replace(/^[\s#>*_-]+/, '')
      .replace(/[\s*_]+$/, '')
      .replaceAll('**', '')
      .trim();
    if (STATEMENT.test(line) && !PROSE.test(line) && !TEMPLATE.test(line) && /\w{2}/.test(line))
      return line.replace(/\s+/g, ' ');
  }
  return null;
}

/** The author of a package.json, whether written as "Name <mail> (url)" or { name }. */
export function authorName(author: unknown): string | null {
  if (typeof author === 'string') return author.replace(/\s*[<(].*$/, '').trim() || null;
  if (author && typeof author === 'object' && 'name' in author && typeof author.name === 'string')
    return author.name.trim() || null;
  return null;
}

/** The package's licence files (LICENSE…, COPYING…, then NOTICE…), in that order. */
function licenceFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && isCandidate(entry.name))
      .map((entry) => entry.name);
  } catch {
    names = [];
  }
  const kindOf = (name: string): number => FILE_KINDS.findIndex((kind) => kind.test(name));
  return names.sort((a, b) => kindOf(a) - kindOf(b) || a.localeCompare(b));
}

const MAX_LICENCE_TEXT = 64 * 1024;

/**
 * The full text of the package's licence files: MIT and BSD ask for the permission notice to
 * accompany every copy, Apache-2.0 for the licence and NOTICE, and a bundle keeps none of it.
 */
export function licenceTextOf(dir: string): string | null {
  const texts = licenceFiles(dir).map((name) =>
    readFileSync(join(dir, name), 'utf8').slice(0, MAX_LICENCE_TEXT).trim(),
  );
  const text = texts.filter(Boolean).join('\n\n');
  return text || null;
}

/** Entry files whose header comment may carry the statement (pdf.js: "Copyright 2024 Mozilla Foundation"). */
function entryFiles(pkg: { main?: unknown; module?: unknown }): string[] {
  return [pkg.main, pkg.module].filter((f): f is string => typeof f === 'string');
}

/** The copyright line of the package installed in `dir`, or null if nothing names one. */
export function copyrightOf(
  dir: string,
  pkg: { author?: unknown; main?: unknown; module?: unknown },
): Copyright | null {
  for (const name of licenceFiles(dir)) {
    const line = copyrightLineIn(readFileSync(join(dir, name), 'utf8'));
    if (line) return { line, source: name };
  }
  for (const file of entryFiles(pkg)) {
    let head: string;
    try {
      head = readFileSync(join(dir, file), 'utf8')
        .slice(0, 4096)
        .replace(/^\s*\/\/+/gm, '');
    } catch {
      continue;
    }
    const line = copyrightLineIn(head);
    if (line) return { line, source: file.replace(/^\.\//, '') };
  }
  const author = authorName(pkg.author);
  return author ? { line: `Copyright (c) ${author}`, source: 'package.json author' } : null;
}
