import { spawnSync } from 'node:child_process';

/** Debian packages the suite needs, each with the command that proves it is installed. */
export const SYSTEM_PREREQUISITES = [
  { command: 'chromium', pkg: 'chromium' },
  { command: 'gnome-keyring-daemon', pkg: 'gnome-keyring' },
  { command: 'dbus-run-session', pkg: 'dbus' },
  { command: 'gdbus', pkg: 'libglib2.0-bin' },
  // Reads label text back from the ZPL engine's images: the OCR check must not trust the renderer.
  { command: 'tesseract', pkg: 'tesseract-ocr' },
  // libpng's own checker: the PNG encoder's output must satisfy the reference decoder.
  { command: 'pngfix', pkg: 'libpng-tools' },
  // A private cupsd with a raw socket:// queue: the printer transport's CUPS path, end to end.
  { command: '/usr/sbin/cupsd', pkg: 'cups' },
  { command: 'lpstat', pkg: 'cups-client' },
  // The private cupsd's document queue (#30): the Generic PDF Printer PPD and its pdftopdf filter
  // lay a PDF out on the paper and copies asked; pdfinfo reads back what CUPS produced.
  { command: '/usr/lib/cups/filter/pdftopdf', pkg: 'cups-filters' },
  { command: 'pdfinfo', pkg: 'poppler-utils' },
  // The packing slip's tests (#30) judge it without trusting pdfkit: pdftoppm renders it for
  // zxing to read its bar code back, and qpdf --check checks the PDF's structure.
  { command: 'pdftoppm', pkg: 'poppler-utils' },
  { command: 'qpdf', pkg: 'qpdf' },
  // The shared budget's tests run against a private redis-server (issue #21).
  { command: 'redis-server', pkg: 'redis-server' },
  // The shared budget's failover tests (#42) run a primary, a replica and three Sentinels.
  { command: 'redis-sentinel', pkg: 'redis-sentinel' },
  // The fleet's pack records (#40) are tested against a private PostgreSQL cluster: Debian 12's
  // server binaries (initdb, pg_ctl, postgres) live in this versioned folder, not on PATH.
  { command: '/usr/lib/postgresql/15/bin/initdb', pkg: 'postgresql' },
  // The serial scale emulator talks to the station through a pair of pseudo-terminals (#29).
  { command: 'socat', pkg: 'socat' },
  // The packaging test builds the AppImage (#31: its latest-linux.yml) with Debian's squashfs
  // tools instead of the ones electron-builder would fetch from GitHub.
  { command: 'mksquashfs', pkg: 'squashfs-tools' },
  { command: 'unsquashfs', pkg: 'squashfs-tools' },
  { command: 'desktop-file-validate', pkg: 'desktop-file-utils' },
  // Proof of pack (#41): a real WebM made in the test, appended to a clip in fragments; ffprobe
  // (the same package) reads back how long the clip, and a clip cut by a crash, plays.
  { command: 'ffmpeg', pkg: 'ffmpeg' },
  { command: 'ffprobe', pkg: 'ffmpeg' },
  // The records' TLS test (#40) makes a private CA and a server certificate.
  { command: 'openssl', pkg: 'openssl' },
] as const;

export const hasCommand = (command: string): boolean =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

export function missingPackages(has: (command: string) => boolean = hasCommand): string[] {
  return SYSTEM_PREREQUISITES.filter(({ command }) => !has(command)).map(({ pkg }) => pkg);
}

export const installCommand = (packages: readonly string[]): string =>
  `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;

/** Installs what is missing when we may (root on Debian/Ubuntu); otherwise says exactly what to run. */
export function ensurePrerequisites(): void {
  const missing = missingPackages();
  if (missing.length === 0) return;
  const canInstall = process.getuid?.() === 0 && hasCommand('apt-get');
  if (!canInstall) {
    console.error(
      `Missing system packages: ${missing.join(', ')}.\nInstall them with:\n  sudo ${installCommand(missing)}`,
    );
    process.exit(1);
  }
  console.log(`Installing system packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args[0]} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
  const still = missingPackages();
  if (still.length > 0) {
    console.error(`Still missing after install: ${still.join(', ')}`);
    process.exit(1);
  }
}
