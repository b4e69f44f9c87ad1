/** What a key pressed on a board row asks for (issue #39: the board is keyboard first). */
export type BoardKeyAction =
  | { kind: 'move'; to: number }
  | { kind: 'queueRow' }
  | { kind: 'queueAll' }
  | { kind: 'leaveOut' }
  | { kind: 'type'; text: string };

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * Arrows, Home and End move; Enter queues the row; Ctrl+Enter (⌘+Enter) queues every row with an
 * order; Delete (or Backspace, as Mac keyboards name it) leaves the row out or brings it back; a
 * printable character starts typing an order number. Anything else is the browser's.
 */
export function boardKey(event: KeyLike, at: number, count: number): BoardKeyAction | null {
  const last = Math.max(count - 1, 0);
  const chord = event.ctrlKey || event.metaKey;
  switch (event.key) {
    case 'ArrowDown':
      return { kind: 'move', to: Math.min(at + 1, last) };
    case 'ArrowUp':
      return { kind: 'move', to: Math.max(at - 1, 0) };
    case 'Home':
      return { kind: 'move', to: 0 };
    case 'End':
      return { kind: 'move', to: last };
    case 'Enter':
      return chord ? { kind: 'queueAll' } : { kind: 'queueRow' };
    case 'Delete':
    case 'Backspace':
      return chord ? null : { kind: 'leaveOut' };
  }
  if (event.key.length === 1 && event.key !== ' ' && !chord && !event.altKey)
    return { kind: 'type', text: event.key };
  return null;
}
