import { nothingSecret } from '../shared/details.ts';
import { KnownSecrets } from './core/known-secrets.ts';
import { describe, expect, it } from 'vitest';
import { channelOf, invokeNames } from '../shared/ipc/channels.ts';
import { ok } from '../shared/result.ts';
import {
  registerIpcHandlers,
  type Handlers,
  type IpcEventLike,
  type IpcMainLike,
} from './ipc-manager.ts';
import { createSenderCheck } from './trusted-sender.ts';

function fakeIpcMain() {
  const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => void handlers.delete(channel),
  };
  return { ipcMain, handlers };
}

const appInfo = () => ({
  name: 'Packbench',
  version: '0.0.0-test',
  versions: { node: '24', electron: null, chrome: null },
  platform: 'linux',
});
/** Every channel answers with its own name, except getAppInfo. */
const stubHandlers = () =>
  ({
    ...Object.fromEntries(invokeNames.map((name) => [name, () => ok(name)])),
    getAppInfo: () => ok(appInfo()),
  }) as unknown as Handlers;
const ownEvent: IpcEventLike = {
  sender: { id: 1 },
  senderFrame: { url: 'app://packbench/index.html' },
};
const senderCheck = createSenderCheck(new Set([1]), (url) => url.startsWith('app://packbench/'));

describe('registerIpcHandlers', () => {
  it('registers every invoke channel of the contract and removes them again', () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const dispose = registerIpcHandlers(ipcMain, stubHandlers(), {
      isTrustedSender: senderCheck,
      redact: nothingSecret,
    });
    expect([...handlers.keys()].sort()).toEqual(invokeNames.map(channelOf).sort());
    dispose();
    expect(handlers.size).toBe(0);
  });

  it('answers our own window with a Result', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    registerIpcHandlers(ipcMain, stubHandlers(), {
      isTrustedSender: senderCheck,
      redact: nothingSecret,
    });
    const result = await handlers.get('packbench:getAppInfo')?.(ownEvent, undefined);
    expect(result).toEqual({ ok: true, value: appInfo() });
  });

  it.each([
    [
      'another webContents',
      { sender: { id: 2 }, senderFrame: { url: 'app://packbench/index.html' } },
    ],
    [
      'a foreign origin in our window',
      { sender: { id: 1 }, senderFrame: { url: 'https://evil.example/' } },
    ],
    ['a frame that is gone', { sender: { id: 1 }, senderFrame: null }],
  ])('drops messages from %s', async (_label, event: IpcEventLike) => {
    const { ipcMain, handlers } = fakeIpcMain();
    const logs: string[] = [];
    registerIpcHandlers(ipcMain, stubHandlers(), {
      isTrustedSender: senderCheck,
      redact: nothingSecret,
      log: (m) => logs.push(m),
    });
    const result = await handlers.get('packbench:getAppInfo')?.(event, undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'ipc.untrusted_sender' } });
    expect(logs.join('\n')).toMatch(/dropped getAppInfo/);
  });

  it('rejects input that does not match the channel schema, naming the channel', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    registerIpcHandlers(ipcMain, stubHandlers(), {
      isTrustedSender: senderCheck,
      redact: nothingSecret,
    });
    const result = await handlers.get('packbench:getAppInfo')?.(ownEvent, { unexpected: true });
    expect(result).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    expect(JSON.stringify(result)).toMatch(/getAppInfo/);
  });

  it('turns a throwing handler into an internal error Result instead of a rejected promise', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    registerIpcHandlers(
      ipcMain,
      {
        ...stubHandlers(),
        getAppInfo: () => {
          throw new Error('boom');
        },
      },
      { isTrustedSender: senderCheck, redact: nothingSecret, log: () => undefined },
    );
    const result = await handlers.get('packbench:getAppInfo')?.(ownEvent, undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal', message: 'boom' } });
  });

  it('redacts the known secrets from a crash, its log line and an invalid input before they leave', async () => {
    const KEY = 'sk-live-9d2e61fa03bc77';
    const secrets = new KnownSecrets();
    secrets.note(KEY);
    const { ipcMain, handlers } = fakeIpcMain();
    const logs: string[] = [];
    registerIpcHandlers(
      ipcMain,
      {
        ...stubHandlers(),
        getAppInfo: () => {
          throw new Error(`upstream echoed ${KEY}`);
        },
      },
      { isTrustedSender: senderCheck, redact: secrets.redact, log: (m) => logs.push(m) },
    );
    const crashed = await handlers.get('packbench:getAppInfo')?.(ownEvent, undefined);
    const refused = await handlers.get('packbench:getAppInfo')?.(ownEvent, { [KEY]: KEY });
    expect(crashed).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    for (const text of [JSON.stringify(crashed), JSON.stringify(refused), logs.join('\n')]) {
      expect(text).not.toContain(KEY);
    }
    expect(JSON.stringify(crashed)).toContain(`••••${KEY.slice(-4)}`);
  });
});
