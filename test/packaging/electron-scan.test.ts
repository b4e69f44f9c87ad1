import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isBlocking,
  scanBuild,
  scanFolder,
  unexpectedlyUnparsed,
} from '../../scripts/scan-electron.ts';
import { tempDir } from '../outbox/helpers.ts';

const scratch = tempDir('packbench-scan-test-');
afterAll(() => scratch.remove());

describe('Electron misconfiguration scanner (Electronegativity)', () => {
  it('flags the classic mistakes in a deliberately bad app, so the check below can fail', async () => {
    writeFileSync(
      join(scratch.path, 'package.json'),
      JSON.stringify({ name: 'bad', devDependencies: { electron: '45.4.1' } }),
    );
    writeFileSync(
      join(scratch.path, 'main.js'),
      `const { BrowserWindow } = require('electron');
       const win = new BrowserWindow({
         webPreferences: { nodeIntegration: true, contextIsolation: false, webSecurity: false },
       });
       win.loadURL('http://example.com/');`,
    );
    const result = await scanFolder(scratch.path);
    const blocking = new Set(result.findings.filter(isBlocking).map((f) => f.id));
    expect(blocking).toEqual(
      new Set(['CONTEXT_ISOLATION_JS_CHECK', 'LIMIT_NAVIGATION_GLOBAL_CHECK']),
    );
    const seen = new Set(result.findings.map((f) => f.id));
    for (const id of ['NODE_INTEGRATION_JS_CHECK', 'WEB_SECURITY_JS_CHECK', 'SANDBOX_JS_CHECK'])
      expect(seen, id).toContain(id);
  });

  it('finds nothing high or critical in the build, and reads every file of it', async () => {
    const result = await scanBuild();
    expect(unexpectedlyUnparsed(result)).toEqual([]);
    expect(result.checks).toBeGreaterThan(30);
    expect(result.findings.filter(isBlocking)).toEqual([]);
    // What remains was reviewed (README, "Electron hardening"); the list is pinned so that any
    // new finding is looked at.
    expect([...new Set(result.findings.map((f) => `${f.severity} ${f.id}`))].sort()).toEqual([
      'INFORMATIONAL ELECTRON_VERSION_JSON_CHECK',
      'LOW CSP_GLOBAL_CHECK',
      'MEDIUM OPEN_EXTERNAL_JS_CHECK',
      'MEDIUM PRELOAD_JS_CHECK',
    ]);
  }, 60_000);
});
