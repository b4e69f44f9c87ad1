import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '@shared/result.ts';
import type { SupportBundleView } from '@shared/ipc/channels.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { HelpMenu } from './HelpMenu.tsx';

const VIEW: SupportBundleView = {
  entries: [
    { name: 'versions.json', bytes: 120 },
    { name: 'logs/station.log', bytes: 2_048 },
  ],
  bytes: 900,
  capBytes: 16 * 1024 * 1024,
  trimmedLogLines: 0,
};

describe('Help → Save support bundle', () => {
  it('lists the files with their sizes before saving, then saves the zip as a download', async () => {
    const preview = vi.fn(async () => ok(VIEW));
    const save = vi.fn(async () =>
      ok({ ...VIEW, fileName: 'packbench-support-x.zip', zip: new Uint8Array([80, 75, 5, 6]) }),
    );
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:bundle';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderWithStores(
      <HelpMenu />,
      fakeBridge({ previewSupportBundle: preview, saveSupportBundle: save }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const table = await screen.findByTestId('support-bundle-files');
    expect(within(table).getByText('logs/station.log')).toBeTruthy();
    expect(within(table).getByText('2.0 KB')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save support bundle' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('packbench-support-x.zip'),
    );
    expect(save).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    expect(created[0]?.type).toBe('application/zip');
    expect(created[0]?.size).toBe(4);
    click.mockRestore();
  });
});

describe('Help → About', () => {
  it('says which Packbench this is and where its bill of materials is (issue #43)', async () => {
    renderWithStores(
      <HelpMenu />,
      fakeBridge({
        previewSupportBundle: async () => ok(VIEW),
        getAppInfo: async () =>
          ok({
            name: 'Packbench',
            version: '0.2.0',
            versions: { node: '24.0.0', electron: '45.4.1', chrome: '140.0' },
            platform: 'linux',
            sbom: 'Packbench-0.2.0.cdx.json',
          }),
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect((await screen.findByTestId('help-sbom')).textContent).toContain(
      'Packbench-0.2.0.cdx.json',
    );
    expect(screen.getByTestId('help-version').textContent).toContain('0.2.0');
  });
});
