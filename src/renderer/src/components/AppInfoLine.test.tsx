import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppInfoLine } from './AppInfoLine.tsx';

describe('AppInfoLine', () => {
  it('shows the running version once the bridge answers', async () => {
    const bridge = {
      getAppInfo: async () => ({
        ok: true as const,
        value: {
          name: 'Packbench',
          version: '1.2.3',
          versions: { node: '24.21.0', electron: '45.4.1', chrome: '140' },
          platform: 'linux',
        },
      }),
    };
    render(<AppInfoLine bridge={bridge} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(
      await screen.findByText('Packbench 1.2.3 · Node 24.21.0 · Electron 45.4.1'),
    ).toBeTruthy();
  });

  it('shows the error message of a failed Result', async () => {
    const bridge = {
      getAppInfo: async () => ({
        ok: false as const,
        error: { code: 'ipc.untrusted_sender', messageKey: 'x', message: 'not allowed' },
      }),
    };
    render(<AppInfoLine bridge={bridge} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not read app info: not allowed',
    );
  });
});
