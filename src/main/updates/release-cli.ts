// `npm run -s release -- keygen --out DIR`, `… sign --key PRIVATE.pem DIST_DIR` and
// `… verify --key PUBLIC.pem FILE` (issue #43): IT's release key, the signatures it puts beside
// each `latest*.yml` (and the bill of materials) before copying a release to the update folder,
// and the check a station makes, from a terminal. Scripts rely on it, so the exit codes are a
// contract:
//   0 done (keygen wrote the pair; sign signed every file; verify: a good signature)
//   1 it could not be done, or verify found no good signature (one sentence on stderr)
//   2 bad usage
// Sentences are the English catalogue's (updates.release.*); never a stack trace.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { translate } from '../../shared/i18n/translate.ts';
import { fieldOf, messageOf } from '../platform/guards.ts';
import {
  checkSignature,
  fingerprintOf,
  privateKeyFrom,
  publicKeyFrom,
  SIGNATURE_SUFFIX,
  signatureOf,
} from './signature.ts';
import { makeFolders } from '../platform/make-folders.ts';

const USAGE = `Usage: npm run -s release -- keygen --out DIR
       npm run -s release -- sign --key PRIVATE.pem DIST_DIR
       npm run -s release -- verify --key PUBLIC.pem FILE
keygen makes an Ed25519 key pair: DIR/release-private.pem (PKCS#8, mode 0600) and
DIR/release-public.pem (SPKI). sign writes NAME.sig beside each latest*.yml and *.cdx.json of
DIST_DIR. verify checks FILE.sig against FILE, as a station does before it downloads.
Exit: 0 done or a good signature, 1 not done or no good signature, 2 bad usage.`;

export const PRIVATE_KEY_FILE = 'release-private.pem';
export const PUBLIC_KEY_FILE = 'release-public.pem';

/** The files `sign` signs: electron-builder's update manifests and the bill of materials. */
export const SIGNED_FILE = /^latest.*\.yml$|\.cdx\.json$/;

export interface ReleaseCliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The caller's folder: relative paths are theirs, not the project's. */
  cwd: string;
}

type Sentence = { key: string; values?: Record<string, string> };
type Parsed =
  | { command: 'keygen'; out: string }
  | { command: 'sign'; key: string; folder: string }
  | { command: 'verify'; key: string; file: string };

/** A failure with its sentence: exit 1. */
class Refused extends Error {
  readonly sentence: Sentence;
  constructor(key: string, values: Record<string, string>) {
    super(key);
    this.sentence = { key: `updates.release.${key}`, values };
  }
}

const usage = (key: string, values: Record<string, string> = {}): Sentence => ({
  key: `updates.release.${key}`,
  values,
});

function parse(args: readonly string[]): Parsed | Sentence {
  const [command, ...rest] = args;
  if (command === undefined) return usage('noCommand');
  if (command !== 'keygen' && command !== 'sign' && command !== 'verify')
    return usage('unknownCommand', { command });
  const flag = command === 'keygen' ? '--out' : '--key';
  let value: string | null = null;
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? '';
    const [name = '', inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg];
    if (name === flag) {
      const given = inline ?? rest[(i += 1)];
      if (!given) return usage('needsValue', { flag });
      value = given;
    } else if (arg.startsWith('-')) return usage('unknownOption', { flag: name, command });
    else positional.push(arg);
  }
  if (command === 'keygen') {
    if (value === null) return usage('needsOut');
    if (positional.length > 0)
      return usage('unknownOption', { flag: positional[0] ?? '', command });
    return { command, out: value };
  }
  if (value === null) return usage('needsKey', { command });
  const [target] = positional;
  if (positional.length !== 1 || target === undefined)
    return usage(command === 'sign' ? 'oneFolder' : 'oneFile');
  return command === 'sign'
    ? { command, key: value, folder: target }
    : { command, key: value, file: target };
}

function read(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Refused('unreadable', { file: path, message: messageOf(error) });
  }
}

function write(path: string, text: string, mode: number): void {
  try {
    // `wx`: a key pair is made once; overwriting one would lose the key every station trusts.
    writeFileSync(path, text, { mode, flag: mode === 0o600 ? 'wx' : 'w' });
  } catch (error) {
    if (fieldOf(error, 'code') === 'EEXIST') throw new Refused('exists', { file: path });
    throw new Refused('notWritten', { file: path, message: messageOf(error) });
  }
}

function keyFrom(path: string, kind: 'privateKey' | 'publicKey'): KeyObject {
  const text = read(path).toString('utf8');
  try {
    return kind === 'privateKey' ? privateKeyFrom(text) : publicKeyFrom(text);
  } catch (error) {
    throw new Refused(kind, { file: path, message: messageOf(error) });
  }
}

function keygen(out: string, io: ReleaseCliIo): void {
  try {
    makeFolders(out);
  } catch (error) {
    throw new Refused('notWritten', { file: out, message: messageOf(error) });
  }
  const privatePath = join(out, PRIVATE_KEY_FILE);
  const publicPath = join(out, PUBLIC_KEY_FILE);
  const pair = generateKeyPairSync('ed25519');
  // The private key first, and only if none is there: a second keygen into the same folder
  // stops before it touches the public key the stations already trust.
  write(privatePath, pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), 0o600);
  write(publicPath, pair.publicKey.export({ format: 'pem', type: 'spki' }).toString(), 0o644);
  const line = pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  const fingerprint = fingerprintOf(pair.publicKey);
  io.out(
    translate('en', 'updates.release.made', {
      private: privatePath,
      public: publicPath,
      fingerprint,
    }),
  );
  io.out(translate('en', 'updates.release.policyLine', { line }));
}

function signFolder(keyPath: string, folder: string, io: ReleaseCliIo): void {
  const key = keyFrom(keyPath, 'privateKey');
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => SIGNED_FILE.test(name));
  } catch (error) {
    throw new Refused('unreadable', { file: folder, message: messageOf(error) });
  }
  if (!names.some((name) => name.endsWith('.yml'))) throw new Refused('nothingToSign', { folder });
  for (const name of names.sort()) {
    const file = join(folder, name);
    const signature = `${file}${SIGNATURE_SUFFIX}`;
    write(signature, signatureOf(read(file), key), 0o644);
    io.out(translate('en', 'updates.release.signed', { file, signature }));
  }
}

function verifyFile(keyPath: string, file: string, io: ReleaseCliIo): void {
  const key = keyFrom(keyPath, 'publicKey');
  const bytes = read(file);
  const signaturePath = `${file}${SIGNATURE_SUFFIX}`;
  let signature: string | null;
  try {
    signature = readFileSync(signaturePath, 'utf8');
  } catch (error) {
    if (fieldOf(error, 'code') !== 'ENOENT')
      throw new Refused('unreadable', { file: signaturePath, message: messageOf(error) });
    signature = null;
  }
  const verdict = checkSignature(bytes, signature, [key]);
  const values = { file, signature: signaturePath, fingerprint: fingerprintOf(key) };
  if (!verdict.ok) throw new Refused(verdict.problem, values);
  io.out(translate('en', 'updates.release.good', values));
}

export function runReleaseCli(args: readonly string[], io: ReleaseCliIo): number {
  if (args[0] === '--help' || args[0] === 'help' || args[0] === '-h') {
    io.out(USAGE);
    return 0;
  }
  const parsed = parse(args);
  if (!('command' in parsed)) {
    io.err(translate('en', parsed.key, parsed.values));
    io.err(USAGE);
    return 2;
  }
  const at = (path: string) => resolve(io.cwd, path);
  try {
    if (parsed.command === 'keygen') keygen(at(parsed.out), io);
    else if (parsed.command === 'sign') signFolder(at(parsed.key), at(parsed.folder), io);
    else verifyFile(at(parsed.key), at(parsed.file), io);
    return 0;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    io.err(translate('en', error.sentence.key, error.sentence.values));
    return 1;
  }
}

if (import.meta.main) {
  const lastResort = (error: unknown) => {
    process.stderr.write(`The release command failed: ${messageOf(error)}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', lastResort);
  process.on('unhandledRejection', lastResort);
  process.exitCode = runReleaseCli(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    // npm runs scripts in the project folder; the caller's own folder is INIT_CWD.
    cwd: process.env['INIT_CWD'] ?? process.cwd(),
  });
}
