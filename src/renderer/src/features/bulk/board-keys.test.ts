import { describe, expect, it } from 'vitest';
import { boardKey } from './board-keys.ts';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('the board keys', () => {
  it('moves within the rows and stops at both ends', () => {
    expect(boardKey(key('ArrowDown'), 2, 3)).toEqual({ kind: 'move', to: 2 });
    expect(boardKey(key('ArrowUp'), 0, 3)).toEqual({ kind: 'move', to: 0 });
    expect(boardKey(key('End'), 0, 3)).toEqual({ kind: 'move', to: 2 });
    expect(boardKey(key('Home'), 2, 3)).toEqual({ kind: 'move', to: 0 });
  });

  it('queues the row on Enter and every row on Ctrl+Enter or ⌘+Enter', () => {
    expect(boardKey(key('Enter'), 0, 3)).toEqual({ kind: 'queueRow' });
    expect(boardKey(key('Enter', { ctrlKey: true }), 0, 3)).toEqual({ kind: 'queueAll' });
    expect(boardKey(key('Enter', { metaKey: true }), 0, 3)).toEqual({ kind: 'queueAll' });
  });

  it('leaves a row out on Delete or Backspace', () => {
    expect(boardKey(key('Delete'), 0, 3)).toEqual({ kind: 'leaveOut' });
    expect(boardKey(key('Backspace'), 0, 3)).toEqual({ kind: 'leaveOut' });
  });

  it('starts typing an order number on a printable key, never on a shortcut or a space', () => {
    expect(boardKey(key('P'), 0, 3)).toEqual({ kind: 'type', text: 'P' });
    expect(boardKey(key('7'), 0, 3)).toEqual({ kind: 'type', text: '7' });
    expect(boardKey(key('c', { ctrlKey: true }), 0, 3)).toBeNull();
    expect(boardKey(key(' '), 0, 3)).toBeNull();
    expect(boardKey(key('Tab'), 0, 3)).toBeNull();
  });
});
