import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, withOnlineStation, withStation } from './harness.ts';

// The page's walls, in the real renderer build on Chromium with the real preload and handlers:
// the app:// handler's CSP holds against injected code, eval and requests outside, and the page
// sees exactly the typed contract, never Node or Electron.

afterAll(() => closeBrowser());

describe("the page's walls in a real browser", () => {
  it('the real app:// handler serves every page with its CSP: injected code, eval and outside requests are all refused', async () => {
    await withOnlineStation(async (station) => {
      const { page } = station;
      const served = await page.evaluate(async () => {
        const index = await fetch('/index.html');
        const outside = await fetch('/%2e%2e/package.json');
        return { csp: index.headers.get('content-security-policy'), outside: outside.status };
      });
      const { CONTENT_SECURITY_POLICY } = await import('../../src/main/app-protocol.ts');
      expect(served).toEqual({ csp: CONTENT_SECURITY_POLICY, outside: 404 });
      const sandboxUrl = station.core.status().profile.baseUrl ?? 'http://127.0.0.1:1';

      const attempts = await page.evaluate(async (direct) => {
        const w = window as unknown as Record<string, unknown>;
        const outcome = async (attempt: () => unknown) => {
          try {
            await attempt();
            return 'ran';
          } catch (error) {
            return (error as Error).name;
          }
        };
        const inline = document.createElement('script');
        inline.textContent = 'window.__injected = true';
        document.body.append(inline);
        const remote = document.createElement('img');
        remote.src = 'https://tracker.example/pixel.png';
        document.body.append(remote);
        const frame = document.createElement('iframe');
        frame.src = 'https://phish.example/';
        document.body.append(frame);
        const result = {
          // Code evaluated by the test driver bypasses CSP, so eval is tried from a worker the
          // page starts (blob: workers are allowed and inherit the page's policy).
          evalInWorker: await new Promise((resolve) => {
            const source = `try { eval('1'); new Function('return 1')(); postMessage('ran'); } catch (e) { postMessage(e.name); }`;
            const worker = new Worker(URL.createObjectURL(new Blob([source])));
            worker.onmessage = (event) => resolve(event.data);
            worker.onerror = (event) => resolve(`worker error: ${event.message}`);
          }),
          fetchOutside: await outcome(() => fetch('https://exfiltrate.example/')),
          fetchSandboxDirectly: await outcome(() => fetch(`${direct}/status`)),
          injected: w.__injected === true,
        };
        await new Promise((resolve) => setTimeout(resolve, 300));
        return result;
      }, sandboxUrl);
      const violations = (await station.cspViolations()).map((v) => v.split(' ')[0]);
      await page.evaluate(() => {
        (window as unknown as { __cspViolations: string[] }).__cspViolations.length = 0;
      });
      expect(attempts).toEqual({
        evalInWorker: 'EvalError',
        fetchOutside: 'TypeError',
        fetchSandboxDirectly: 'TypeError',
        injected: false,
      });
      expect(new Set(violations)).toEqual(
        new Set(['script-src-elem', 'img-src', 'frame-src', 'connect-src']),
      );
      expect(station.outsideRequests()).toEqual([]);
    });
  });

  it('exposes exactly the contract, and no Node or Electron, to the page', async () => {
    await withStation(async (station) => {
      const seen = await station.page.evaluate(() => ({
        keys: Object.keys((window as unknown as { packbench: object }).packbench).sort(),
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
      }));
      const { channels } = await import('../../src/shared/ipc/channels.ts');
      expect(seen).toEqual({
        keys: Object.keys(channels).sort(),
        require: 'undefined',
        process: 'undefined',
      });
    });
  });
});
