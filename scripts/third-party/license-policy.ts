// Which licences Packbench may ship, and how a package's declared licence is read.
//
// Everything inside the installer is redistributed by us, so only permissive licences are
// allowed: they ask for attribution (THIRD_PARTY_NOTICES) and nothing else. Copyleft or
// unlicensed code needs a decision by a person, never a quiet addition to this list.

/** SPDX identifiers that may ship (compared case-insensitively, as SPDX says). */
export const PERMISSIVE_LICENSES: readonly string[] = [
  'MIT',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  '0BSD',
  'BlueOak-1.0.0',
  'CC0-1.0',
  'Unlicense',
  'Python-2.0',
  'Zlib',
  // Fonts only (the label engine's Roboto faces): the SIL Open Font License lets a font be
  // bundled and redistributed with any software as long as its licence travels with it (the
  // build puts it beside each font file) and the font is not sold on its own.
  'OFL-1.1',
];

const allowed = new Set(PERMISSIVE_LICENSES.map((id) => id.toLowerCase()));

/** The licence fields of a package.json, including the forms npm deprecated but still accepts. */
export interface LicenseFields {
  license?: unknown;
  licenses?: unknown;
}

function typeOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (value && typeof value === 'object' && 'type' in value && typeof value.type === 'string')
    return value.type.trim() || null;
  return null;
}

/**
 * The package's licence as one SPDX expression, or null when it declares none.
 * Old packages use `license: { type }` or a `licenses` array; npm documents the array as the
 * package being available under each of them, hence `OR`.
 */
export function declaredLicense(pkg: LicenseFields): string | null {
  const single = typeOf(pkg.license);
  if (single) return single;
  const list = Array.isArray(pkg.licenses) ? pkg.licenses : pkg.licenses ? [pkg.licenses] : [];
  const types = list.map(typeOf).filter((t): t is string => t !== null);
  const [first, ...others] = types;
  if (first === undefined) return null;
  return others.length === 0 ? first : `(${types.join(' OR ')})`;
}

type Expr = { kind: 'id'; id: string } | { kind: 'and' | 'or'; left: Expr; right: Expr };

/** Parses an SPDX expression (`MIT`, `(MIT OR Apache-2.0)`, `MIT AND Zlib`, `X WITH Y`). */
export function parseSpdx(expression: string): Expr {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = (): string | undefined => tokens[at];
  const isWord = (token: string | undefined, word: string): boolean =>
    token !== undefined && token.toUpperCase() === word;

  function primary(): Expr {
    const token = tokens[at++];
    if (token === undefined) throw new Error(`unexpected end of "${expression}"`);
    if (token === '(') {
      const inner = or();
      if (tokens[at++] !== ')') throw new Error(`missing ")" in "${expression}"`);
      return inner;
    }
    if (token === ')' || isWord(token, 'AND') || isWord(token, 'OR') || isWord(token, 'WITH'))
      throw new Error(`unexpected "${token}" in "${expression}"`);
    // An exception (`WITH`) only ever adds permissions, so the base licence decides.
    if (isWord(peek(), 'WITH')) {
      at++;
      if (tokens[at++] === undefined) throw new Error(`missing exception in "${expression}"`);
    }
    // `X+` means "X or a later version"; the version we accept is X itself.
    return { kind: 'id', id: token.replace(/\+$/, '') };
  }
  function and(): Expr {
    let left = primary();
    while (isWord(peek(), 'AND')) {
      at++;
      left = { kind: 'and', left, right: primary() };
    }
    return left;
  }
  function or(): Expr {
    let left = and();
    while (isWord(peek(), 'OR')) {
      at++;
      left = { kind: 'or', left, right: and() };
    }
    return left;
  }

  const expr = or();
  if (at !== tokens.length) throw new Error(`unexpected "${tokens[at]}" in "${expression}"`);
  return expr;
}

function permits(expr: Expr): boolean {
  if (expr.kind === 'id') return allowed.has(expr.id.toLowerCase());
  // With OR we may pick the permissive choice; with AND every part binds us.
  return expr.kind === 'or'
    ? permits(expr.left) || permits(expr.right)
    : permits(expr.left) && permits(expr.right);
}

/** True when the expression lets us ship the package. No licence, or one we cannot parse, is false. */
export function isPermissive(expression: string | null): boolean {
  if (!expression) return false;
  try {
    return permits(parseSpdx(expression));
  } catch {
    return false;
  }
}

export interface LicensedPackage {
  name: string;
  version: string;
  license: string | null;
  where?: readonly string[];
}

/** One line per package we may not ship, naming it, its licence and where it ships. */
export function licenseViolations(packages: readonly LicensedPackage[]): string[] {
  return packages
    .filter((p) => !isPermissive(p.license))
    .map(
      (p) =>
        `${p.name}@${p.version}: ${p.license ?? 'no licence declared'}` +
        (p.where?.length ? ` (ships in ${p.where.join(', ')})` : ''),
    );
}
