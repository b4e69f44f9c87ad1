import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  cameraSettingsSchema,
  DEFAULT_CAMERA_SETTINGS,
  type CameraSettingsInput,
} from '@shared/camera.ts';
import { ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { CameraSection } from './CameraSection.tsx';

// Settings → Camera (issue #41): off until turned on; what is saved is what main keeps, checked
// by the same schema on both sides; the words in the station's language.

describe('Settings → Camera', () => {
  it('turns recording on and saves every setting the form shows', async () => {
    const saveCamera = vi.fn(async (settings: CameraSettingsInput) =>
      ok(cameraSettingsSchema.parse(settings)),
    );
    renderWithStores(
      <CameraSection />,
      fakeBridge({ getCamera: async () => ok(DEFAULT_CAMERA_SETTINGS), saveCamera }),
    );
    const enabled = await screen.findByLabelText('Record every pack');
    expect((enabled as HTMLInputElement).checked).toBe(false);
    fireEvent.click(enabled);
    fireEvent.change(screen.getByLabelText('Keep clips for (days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByText('Save camera'));
    await waitFor(() => expect(saveCamera).toHaveBeenCalledTimes(1));
    expect(saveCamera).toHaveBeenCalledWith({
      ...DEFAULT_CAMERA_SETTINGS,
      enabled: true,
      keepDays: 30,
    });
    expect((await screen.findByTestId('camera-saved')).textContent).toBe(
      'Saved. The next pack opened is recorded with these settings.',
    );
  });

  it('speaks the station language', async () => {
    renderWithStores(
      <CameraSection />,
      fakeBridge({ getCamera: async () => ok({ ...DEFAULT_CAMERA_SETTINGS, enabled: true }) }),
      { language: 'pt-BR' },
    );
    const enabled = await screen.findByLabelText('Gravar cada pacote');
    expect((enabled as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Salvar câmera')).toBeTruthy();
  });

  it('takes a clips folder only as a whole path, and the finish gate', async () => {
    const saveCamera = vi.fn(async (settings: CameraSettingsInput) =>
      ok(cameraSettingsSchema.parse(settings)),
    );
    renderWithStores(
      <CameraSection />,
      fakeBridge({ getCamera: async () => ok(DEFAULT_CAMERA_SETTINGS), saveCamera }),
    );
    const folder = await screen.findByLabelText('Where clips go', { exact: false });
    fireEvent.change(folder, { target: { value: 'clips here' } });
    expect(await screen.findByText(/Write a whole path/)).toBeTruthy();
    expect((screen.getByText('Save camera').closest('button') as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(folder, { target: { value: '\\\\nas\\clips' } });
    fireEvent.click(screen.getByLabelText('A pack cannot finish without a clip'));
    fireEvent.click(screen.getByText('Save camera'));
    await waitFor(() => expect(saveCamera).toHaveBeenCalledTimes(1));
    expect(saveCamera).toHaveBeenCalledWith({
      ...DEFAULT_CAMERA_SETTINGS,
      folder: '\\\\nas\\clips',
      required: true,
    });
  });
});
