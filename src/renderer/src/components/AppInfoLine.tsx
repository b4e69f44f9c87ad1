import { useEffect, useState } from 'react';
import type { PackbenchBridge } from '../../../shared/ipc/bridge-types.ts';
import type { AppInfo } from '../../../shared/ipc/channels.ts';

type State =
  { status: 'loading' } | { status: 'ready'; info: AppInfo } | { status: 'error'; message: string };

/** Shows which build is running; the bridge is passed in so tests need no global. */
export function AppInfoLine({ bridge }: { bridge: Pick<PackbenchBridge, 'getAppInfo'> }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    bridge.getAppInfo().then(
      (result) => {
        if (!live) return;
        setState(
          result.ok
            ? { status: 'ready', info: result.value }
            : { status: 'error', message: result.error.message },
        );
      },
      (error: unknown) => {
        if (live)
          setState({
            status: 'error',
            message: error instanceof Error ? error.message : String(error),
          });
      },
    );
    return () => {
      live = false;
    };
  }, [bridge]);

  if (state.status === 'loading') return <p aria-busy="true">Loading…</p>;
  if (state.status === 'error') return <p role="alert">Could not read app info: {state.message}</p>;
  const { info } = state;
  return (
    <p>
      {info.name} {info.version} · Node {info.versions.node}
      {info.versions.electron ? ` · Electron ${info.versions.electron}` : ''}
    </p>
  );
}
