import type { PackbenchBridge } from '../../shared/ipc/bridge-types.ts';
import { AppInfoLine } from './components/AppInfoLine.tsx';

export function App({ bridge }: { bridge: PackbenchBridge }) {
  return (
    <main>
      <h1>Packbench</h1>
      <AppInfoLine bridge={bridge} />
    </main>
  );
}
