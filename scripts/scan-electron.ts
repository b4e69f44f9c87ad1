import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

// Runs Doyensec's Electronegativity (the Electron misconfiguration scanner) over the build:
// out/main, out/preload, out/renderer and package.json (for the Electron version).
//
// The scanner fetches translations and Electron's release notes from the internet. Neither is
// needed (English ships inside the package; our Electron version is pinned exactly and updated
// on purpose), and nothing here may leave the machine, so its HTTP client is replaced by one that
// refuses at once and the release-notes check is left out.

export interface ScanFinding {
  id: string;
  file: string;
  line: number;
  severity: 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
  confidence: 'TENTATIVE' | 'FIRM' | 'CERTAIN';
  sample: string;
  description: string;
}

export interface ScanResult {
  checks: number;
  findings: ScanFinding[];
  /** Files the scanner could not parse: their checks did not run, so they count as failures. */
  unparsed: string[];
}

interface RawIssue {
  id: string;
  file: string;
  location?: { line?: number };
  severity: { name: ScanFinding['severity'] };
  confidence: { name: ScanFinding['confidence'] };
  sample?: string;
  description: string;
}

type Run = (options: Record<string, unknown>) => Promise<{
  globalChecks: number;
  atomicChecks: number;
  errors: { file: string; message: string; tolerable?: boolean }[];
  issues: RawIssue[];
}>;

const ROOT = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

function loadOffline(): Run {
  const base = dirname(require.resolve('@doyensec/electronegativity/package.json'));
  const got = require.resolve('got', { paths: [base] });
  const refuse = () => Promise.reject(new Error('electronegativity runs offline here'));
  require.cache[got] = {
    id: got,
    filename: got,
    loaded: true,
    exports: Object.assign(refuse, { head: refuse, get: refuse }),
  } as unknown as NodeJS.Module;
  return require('@doyensec/electronegativity') as Run;
}

/** Scans `input` (a folder shaped like the app: package.json plus its code). */
export async function scanFolder(input: string): Promise<ScanResult> {
  const run = loadOffline();
  // The scanner prints its translation fallback notice; keep test output quiet.
  const log = console.log;
  console.log = () => undefined;
  try {
    const result = await run({
      input,
      customScan: [],
      excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
      isRelative: true,
      isVerbose: false,
      parserPlugins: [],
    });
    return {
      checks: result.globalChecks + result.atomicChecks,
      unparsed: result.errors.filter((e) => !e.tolerable).map((e) => `${e.file}: ${e.message}`),
      findings: result.issues.map((issue) => ({
        id: issue.id,
        file: issue.file,
        line: issue.location?.line ?? 0,
        severity: issue.severity.name,
        confidence: issue.confidence.name,
        sample: (issue.sample ?? '').slice(0, 120),
        description: issue.description,
      })),
    };
  } finally {
    console.log = log;
  }
}

/** Scans the current build (run `electron-vite build` first). */
export async function scanBuild(): Promise<ScanResult> {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-scan-'));
  try {
    cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    cpSync(join(ROOT, 'out'), join(dir, 'out'), { recursive: true });
    return await scanFolder(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const isBlocking = (finding: ScanFinding) =>
  finding.severity === 'HIGH' || finding.severity === 'CRITICAL';

/**
 * The scanner's parser predates private class fields, which only pdf.js uses: third-party code in
 * the sandboxed renderer, and in main where the Bulk board opens dropped PDFs (pdf.js and its
 * worker, run on main's thread; they call no Electron API). Any other unreadable file is a failure.
 */
export const unexpectedlyUnparsed = (result: ScanResult) =>
  result.unparsed.filter(
    (file) => !/out\/(renderer\/assets|main\/chunks)\/pdf(\.worker)?[.-]/.test(file),
  );

/** For people: `node scripts/scan-electron.ts` prints every finding and fails on high ones. */
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const result = await scanBuild();
  console.table(result.findings.map(({ description: _d, ...rest }) => rest));
  if (result.unparsed.length) console.warn('not parsed:', result.unparsed);
  const failed = result.findings.some(isBlocking) || unexpectedlyUnparsed(result).length > 0;
  process.exitCode = failed ? 1 : 0;
}
