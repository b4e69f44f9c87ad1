// `npm start`: Electron's binary first (fetched once, see launch/electron-binary.ts), then the
// generated API types, then electron-vite builds the app and opens it with the working
// directory at the project root. `npm run dev` (`--dev`) does the same with electron-vite's dev
// server. Exit codes: Electron's own, or 1 when something before it failed.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ensureElectronBinary } from './launch/electron-binary.ts';

const root = join(import.meta.dirname, '..');

let current: ChildProcess | null = null;
// Ctrl-C reaches the whole process group by itself; a SIGTERM (from npm, a service manager or
// a script) reaches only us, so it is passed on. Either way we wait for the child's own exit.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    if (signal !== 'SIGINT') current?.kill(signal);
  });

function run(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    current = child;
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const electron = await ensureElectronBinary({
  electronDir: join(root, 'node_modules', 'electron'),
});
if (!electron.ok) {
  console.error(electron.lines.join('\n'));
  process.exit(1);
}
const generated = await run([join(root, 'scripts', 'generate-api.ts')]);
if (generated !== 0) process.exit(generated);
const mode = process.argv.includes('--dev') ? 'dev' : 'preview';
process.exit(
  await run([join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), mode]),
);
