// `npm start`: Electron's binary first (fetched once, see launch/electron-binary.ts), then the
// generated API types, then electron-vite builds the app and opens it with the working
// directory at the project root. `npm run dev` (`--dev`) does the same with electron-vite's dev
// server. Exit codes: Electron's own, or 1 when something before it failed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureElectronBinary } from './launch/electron-binary.ts';

const root = join(import.meta.dirname, '..');

function run(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    // Ctrl-C reaches the whole process group; wait for the child's own exit.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
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
