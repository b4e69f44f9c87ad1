import {
  findNodeAtLocation,
  parse,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from 'jsonc-parser';
import type { z } from 'zod';
import { policySchema, type Policy } from '../../shared/policy/schema.ts';

// A policy file read the way IT needs to hear about it: every rule it breaks, each with the
// JSON pointer of the value, its line and column (1-based) in the file, and a sentence. A file
// that is not JSON at all gives one error at the place the parser stopped.

export interface PolicyProblem {
  /** JSON pointer of the offending value ("" for the whole file). */
  path: string;
  line: number;
  column: number;
  message: string;
}

export type PolicyRead = { ok: true; policy: Policy } | { ok: false; errors: PolicyProblem[] };

/** jsonc-parser's error codes in words. */
const SYNTAX: Record<string, string> = {
  InvalidSymbol: 'a character that has no place here',
  InvalidNumberFormat: 'a number written wrongly',
  PropertyNameExpected: 'a property name (in double quotes) was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon was expected',
  CommaExpected: 'a comma was expected',
  CloseBraceExpected: 'a closing } was expected',
  CloseBracketExpected: 'a closing ] was expected',
  EndOfFileExpected: 'the file should end here',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut off',
  InvalidUnicode: 'a \\u escape is not valid',
  InvalidEscapeCharacter: 'a \\ escape is not valid',
  InvalidCharacter: 'a control character inside a string',
};

/** 1-based line and column of a character offset in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i += 1)
    if (text[i] === '\n') {
      line += 1;
      start = i + 1;
    }
  return { line, column: offset - start + 1 };
}

const pointerOf = (path: readonly PropertyKey[]) =>
  path.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** Where a zod issue points: the value at its path, or the nearest parent the file has. */
function locate(root: Node | undefined, text: string, issue: z.core.$ZodIssue) {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  // An unknown key is reported on its object: point at the key itself.
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  for (let depth = path.length; depth >= 0; depth -= 1) {
    const node = root && findNodeAtLocation(root, path.slice(0, depth));
    if (!node) continue;
    const key = keys[0] !== undefined && node.type === 'object' ? keyNode(node, keys[0]) : null;
    return lineColumn(text, (key ?? node).offset);
  }
  return { line: 1, column: 1 };
}

function keyNode(object: Node, key: string): Node | null {
  for (const property of object.children ?? [])
    if (property.children?.[0]?.value === key) return property.children[0];
  return null;
}

/** What a JSON value of zod's type is called in a sentence. */
const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object ({…})',
  array: 'a list ([…])',
  null: 'null',
};

const plural = (count: number | bigint, one: string, many: string) =>
  `${count} ${Number(count) === 1 ? one : many}`;

/**
 * The rule an issue breaks, said as IT reads it after the value's path: the schema's own
 * sentences where it has them ("is 6, 8, 12 or 24…"), plain ones for zod's general rules
 * (its own words, "Invalid input: expected string, received undefined", are for developers).
 */
function sentence(issue: z.core.$ZodIssue): string {
  // A rule the schema words itself keeps its words; zod's defaults start like these.
  if (issue.code !== 'unrecognized_keys' && !/^(Invalid|Too (big|small))\b/.test(issue.message))
    return issue.message;
  switch (issue.code) {
    case 'unrecognized_keys':
      return `${issue.keys.map((k) => `"${k}"`).join(', ')} ${issue.keys.length > 1 ? 'are not settings' : 'is not a setting'} a policy may hold`;
    case 'invalid_type': {
      const kind = KIND[issue.expected] ?? issue.expected;
      return /received undefined$/.test(issue.message)
        ? `is missing: it must be ${kind}`
        : `must be ${kind}`;
    }
    case 'too_big':
      if (issue.origin === 'number') return `must be at most ${String(issue.maximum)}`;
      if (issue.origin === 'array')
        return `holds at most ${plural(issue.maximum, 'entry', 'entries')}`;
      return `must be at most ${plural(issue.maximum, 'character', 'characters')} long`;
    case 'too_small':
      if (issue.origin === 'number') return `must be at least ${String(issue.minimum)}`;
      if (issue.origin === 'array')
        return `must hold at least ${plural(issue.minimum, 'entry', 'entries')}`;
      return Number(issue.minimum) === 1
        ? 'must not be empty'
        : `must be at least ${plural(issue.minimum, 'character', 'characters')} long`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'url') return 'is not an http:// or https:// address';
      return issue.message;
    default:
      return issue.message;
  }
}

/** Reads a policy's text: the policy, or every problem with its place. */
export function readPolicy(text: string): PolicyRead {
  // jsonc-parser in strict mode (no comments, no trailing commas) for the place of a syntax
  // error, which JSON.parse does not always give; JSON.parse then reads the value.
  const syntax: ParseError[] = [];
  parse(text, syntax, { disallowComments: true, allowTrailingComma: false });
  const first = syntax[0];
  if (first)
    return {
      ok: false,
      errors: [
        {
          path: '',
          ...lineColumn(text, first.offset),
          message: `is not JSON: ${SYNTAX[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error)}`,
        },
      ],
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      errors: [
        {
          path: '',
          line: 1,
          column: 1,
          message: `is not JSON: ${error instanceof Error ? error.message : String(error)}`,
        },
      ],
    };
  }
  const parsed = policySchema.safeParse(value);
  if (parsed.success) return { ok: true, policy: parsed.data };
  const root = parseTree(text);
  return {
    ok: false,
    // In the order they stand in the file, as IT reads it top to bottom.
    errors: parsed.error.issues
      .map((issue) => ({
        path: pointerOf(
          issue.code === 'unrecognized_keys' && issue.keys.length === 1
            ? [...issue.path, issue.keys[0] ?? '']
            : issue.path,
        ),
        ...locate(root, text, issue),
        message: sentence(issue),
      }))
      .sort((a, b) => a.line - b.line || a.column - b.column),
  };
}
