import type { Clock } from '../platform/clock.ts';

/** What the heartbeat asks of its shared budget. */
export interface HeartbeatHost {
  closed(): boolean;
  /** Coordination is lost: the probe rejoins instead, no heartbeat is sent. */
  lost(): boolean;
  /** Slots carried from the budget this one replaced, if any still wait to go in. */
  carryIfNeeded(): Promise<void>;
  /** "This station is here" to Redis: the stations on the key now. */
  send(): Promise<{ stations: number }>;
  /** The stations on the key, as the heartbeat's answer said. */
  stationsSeen(stations: number): void;
  /** Redis did not answer. */
  lose(): void;
}

/**
 * Keeps this station among the stations while it has nothing to ask (see HEARTBEAT): without
 * it an idle station would look cut off, and the others would keep its share free for nothing.
 * A grant asked for recently already said the station is alive (`contact`): no extra round trip.
 */
export class Heartbeat {
  private readonly clock: Clock;
  private readonly everyMs: number;
  private readonly host: HeartbeatHost;
  private timer: unknown = null;
  /** Local time this station last told Redis it is here (a grant or a heartbeat). */
  private lastContact = -Infinity;

  constructor(clock: Clock, everyMs: number, host: HeartbeatHost) {
    this.clock = clock;
    this.everyMs = everyMs;
    this.host = host;
  }

  /** Redis heard from this station just now (a grant was asked for). */
  contact(): void {
    this.lastContact = this.clock.now();
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
  }

  beat(): void {
    if (this.host.closed()) return;
    const next = () => {
      if (this.host.closed()) return;
      this.after(this.everyMs);
    };
    if (this.host.lost()) return next();
    const since = this.clock.now() - this.lastContact;
    if (since < this.everyMs) {
      this.after(this.everyMs - since);
      return;
    }
    this.lastContact = this.clock.now();
    // Slots carried from the budget this one replaced go in on first contact, not at the first
    // request: the others must count them from the start.
    this.host
      .carryIfNeeded()
      .then(() => this.host.send())
      .then(
        ({ stations }) => {
          // Stations joining or leaving show in the status bar now, not at the next request.
          this.host.stationsSeen(stations);
          next();
        },
        () => {
          if (!this.host.closed()) this.host.lose();
          next();
        },
      );
  }

  private after(ms: number): void {
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.beat();
    }, ms);
  }
}
