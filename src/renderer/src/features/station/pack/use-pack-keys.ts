import { useCallback, useRef, useState } from 'react';
import { usePackStore } from './pack-store.ts';

/** Two Escapes this close together set the pack aside; one alone only says so. */
export const ASIDE_WINDOW_MS = 2000;

/**
 * The pack's keys on the Station: F8 (or Ctrl+Z in an empty scan field) undoes the last scan,
 * Escape in the scan field cancels a lot or reason question, or, pressed twice, sets the pack
 * aside. Read when the key comes, so the window's one listener never sees an old pack.
 */
export function usePackKeys(now: () => number) {
  const store = usePackStore();
  const armedAt = useRef<number | null>(null);
  const [asideArmed, setAsideArmed] = useState(false);

  const disarm = useCallback(() => {
    armedAt.current = null;
    setAsideArmed(false);
  }, []);

  /** A key the Station saw; true when the pack took it (the Station does nothing more). */
  const onKey = useCallback(
    (event: KeyboardEvent, field: HTMLInputElement | null): boolean => {
      const state = store.getState();
      if (!state.takesScans() || !state.view) {
        if (armedAt.current !== null) disarm();
        return false;
      }
      const prompt = state.view.prompt;
      const inField = event.target === field;
      // Ctrl+Z with text in the field is the field's own undo.
      const undoKey =
        event.key === 'F8' ||
        (inField &&
          !field?.value &&
          (event.ctrlKey || event.metaKey) &&
          event.key.toLowerCase() === 'z');
      if (undoKey) {
        event.preventDefault();
        if (!prompt) void state.undo();
        return true;
      }
      if (event.key !== 'Escape' || !inField) {
        if (inField && armedAt.current !== null && event.key !== 'Shift') disarm();
        return false;
      }
      event.preventDefault();
      if (prompt?.kind === 'lot' || prompt?.kind === 'reason') {
        void state.answer({ kind: 'cancel' });
        return true;
      }
      // A red screen is left only by acknowledging it.
      if (prompt) return true;
      const at = now();
      if (armedAt.current !== null && at - armedAt.current <= ASIDE_WINDOW_MS) {
        disarm();
        state.setAside();
      } else {
        armedAt.current = at;
        setAsideArmed(true);
      }
      return true;
    },
    [store, now, disarm],
  );

  /** Enter outside the scan field while the screen is red (not a scanner's): acknowledges. */
  const acknowledgesElsewhere = useCallback((): boolean => {
    const state = store.getState();
    if (!state.takesScans() || state.view?.prompt?.kind !== 'lock') return false;
    void state.answer({ kind: 'acknowledge' });
    return true;
  }, [store]);

  return { onKey, acknowledgesElsewhere, asideArmed, store };
}
