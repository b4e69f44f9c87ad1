import {
  createHash,
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

/**
 * Release signatures (issue #43): an Ed25519 signature over a file's exact bytes, kept beside it
 * as `NAME.sig`, one line of base64. IT signs with `npm run -s release -- sign`; the station and
 * `release -- verify` check with this one function, so the two can never disagree.
 */

/** The suffix of a signature file: `latest-linux.yml` → `latest-linux.yml.sig`. */
export const SIGNATURE_SUFFIX = '.sig';

/** An Ed25519 signature is 64 bytes: 88 characters of base64, ending in `==`. */
const SIGNATURE_BYTES = 64;

/** Why a file's signature is not accepted. */
export type SignatureProblem =
  /** There is no `.sig` beside the file. */
  | 'unsigned'
  /** The `.sig` is not one line of base64 of 64 bytes (truncated, garbled, empty). */
  | 'malformed'
  /** A well-formed signature that no trusted key verifies: the file changed, or another key. */
  | 'mismatch';

export type SignatureVerdict =
  { ok: true; key: KeyObject } | { ok: false; problem: SignatureProblem };

/**
 * An update manifest refused for its signature, before anything was downloaded: the updater's
 * refusal names `problem` and `file`.
 */
export class ManifestRefused extends Error {
  readonly problem: SignatureProblem;
  /** The manifest's name (latest-linux.yml…). */
  readonly file: string;
  constructor(problem: SignatureProblem, file: string) {
    super(`${file}: the signature is ${problem}`);
    this.problem = problem;
    this.file = file;
  }
}

/**
 * A public key as IT writes it: the PEM that `release -- keygen` makes, or its one base64 line
 * (the SPKI's DER, `MCowBQYDK2VwAyEA…`), which fits a JSON policy. Throws on anything else.
 */
export function publicKeyFrom(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.startsWith('-----BEGIN')
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the key is not an Ed25519 key');
  return key;
}

/** A private key from its PKCS#8 PEM; throws when it is not an Ed25519 private key. */
export function privateKeyFrom(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the key is not an Ed25519 key');
  return key;
}

/** The one line of base64 that `release -- sign` writes as `NAME.sig`. */
export function signatureOf(bytes: Uint8Array, privateKey: KeyObject): string {
  return `${sign(null, bytes, privateKey).toString('base64')}\n`;
}

/** The 64 signature bytes, or null when the text is not exactly their base64 (one line). */
function signatureBytes(text: string): Buffer | null {
  const line = text.replace(/\r?\n$/, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(line)) return null;
  const bytes = Buffer.from(line, 'base64');
  // Base64 that decodes to the right length but is not its canonical form is refused too: the
  // file names one signature, written one way.
  if (bytes.length !== SIGNATURE_BYTES || bytes.toString('base64') !== line) return null;
  return bytes;
}

/**
 * Whether `signature` (the `.sig` file's text, null when there is none) is a good signature of
 * `bytes` by one of `keys`.
 */
export function checkSignature(
  bytes: Uint8Array,
  signature: string | null,
  keys: readonly KeyObject[],
): SignatureVerdict {
  if (signature === null) return { ok: false, problem: 'unsigned' };
  const raw = signatureBytes(signature);
  if (!raw) return { ok: false, problem: 'malformed' };
  const key = keys.find((candidate) => verify(null, bytes, candidate, raw));
  return key ? { ok: true, key } : { ok: false, problem: 'mismatch' };
}

/** A short fingerprint of a public key for people: SHA-256 of its SPKI, base64, as ssh prints. */
export function fingerprintOf(key: KeyObject): string {
  const der = key.export({ format: 'der', type: 'spki' });
  return `SHA256:${createHash('sha256').update(der).digest('base64').replace(/=+$/, '')}`;
}
