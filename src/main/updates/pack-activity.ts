import type { Clock } from '../platform/clock.ts';

/**
 * Which packs are open at this station now, as the window's pack channels answer them: a pack
 * counts from the answer that shows it open until one shows it finished. A pack nobody has
 * touched for `staleMs` (set aside, the operator gone home) no longer holds an update back: it
 * survives the restart in the outbox's file and reopens as it was.
 */
export class PackActivity {
  private readonly open = new Map<string, number>();
  private readonly clock: Clock;
  private readonly staleMs: number;

  constructor(clock: Clock, staleMs = 30 * 60_000) {
    this.clock = clock;
    this.staleMs = staleMs;
  }

  /** One pack as a channel answered it. */
  note(view: { id: string; status: string }): void {
    if (view.status === 'open') this.open.set(view.id, this.clock.now());
    else this.open.delete(view.id);
  }

  /** Whether an operator is working on a pack now. */
  packOpen(): boolean {
    const now = this.clock.now();
    for (const [id, touched] of this.open) {
      if (now - touched < this.staleMs) return true;
      this.open.delete(id);
    }
    return false;
  }
}
