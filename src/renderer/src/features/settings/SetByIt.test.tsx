import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '@shared/result.ts';
import {
  fakeBridge,
  NO_POLICY,
  renderWithStores,
  SANDBOX_PROFILE_BRIDGE,
} from '@renderer/test-utils.tsx';
import { SettingsScreen } from './SettingsScreen.tsx';

// Settings under a machine policy (issue #31): each locked part says it is set by IT and names
// the file, and its controls are disabled; parts IT did not lock stay the operator's.

const FILE = '/etc/packbench/policy.json';
const profiles = SANDBOX_PROFILE_BRIDGE;
const locked = {
  ...NO_POLICY,
  file: FILE,
  locked: {
    ...NO_POLICY.locked,
    profiles: true,
    labelPrinter: true,
    packing: true,
    language: true,
    sound: true,
  },
  language: 'pt-BR' as const,
};

describe('Settings under a machine policy', () => {
  it('marks each locked part as set by IT, with the file, and disables its controls', async () => {
    renderWithStores(
      <SettingsScreen />,
      fakeBridge({ ...profiles, getPolicy: async () => ok(locked) }),
      {
        language: 'pt-BR',
      },
    );
    for (const section of ['profiles', 'labelPrinter', 'packing', 'language', 'sound'])
      expect((await screen.findByTestId(`set-by-it-${section}`)).textContent).toBe(
        `Definido pelo seu departamento de TIEstas configurações vêm de ${FILE}.`,
      );
    expect(screen.queryByTestId('set-by-it-documentPrinter')).toBeNull();
    expect(screen.queryByTestId('set-by-it-coordination')).toBeNull();
    await waitFor(() =>
      expect(
        (screen.getByTestId('packing-print-label') as HTMLInputElement).matches(':disabled'),
      ).toBe(true),
    );
    expect(
      screen
        .getByRole('switch', { name: 'Sons nas leituras (sucesso e falha)' })
        .matches(':disabled'),
    ).toBe(true);
    await waitFor(() =>
      expect(
        (screen.getByTestId('document-printer-target') as HTMLInputElement).matches(':disabled'),
      ).toBe(false),
    );
  });

  it('shows nothing of a policy on a machine without one', async () => {
    renderWithStores(<SettingsScreen />, fakeBridge(profiles));
    await screen.findByTestId('packing-print-label');
    expect(screen.queryByText('Set by your IT department')).toBeNull();
  });
});
