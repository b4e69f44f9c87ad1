import { useQuery } from '@tanstack/react-query';
import type { PolicySection } from '@shared/policy/schema.ts';
import type { PolicyView } from '@shared/policy/view.ts';
import { useBridge } from './context.tsx';
import { queryKeys, unwrap } from './queries.ts';

/** The machine's policy as main read it at start (it does not change while the app runs). */
export function usePolicy(): PolicyView | null {
  const bridge = useBridge();
  const read = useQuery({
    queryKey: queryKeys.policy(),
    queryFn: () => unwrap(bridge.getPolicy()),
    staleTime: Infinity,
  });
  return read.data ?? null;
}

/** Whether IT locked this part of the settings (false until the policy is read). */
export function useLocked(section: PolicySection): boolean {
  return usePolicy()?.locked[section] === true;
}
