import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { isOneOf } from '../platform/guards.ts';
import { CARRY, GRANT, HEARTBEAT, LEAVE, PAUSE, RELEASE } from './scripts.ts';
import type { SharedKeys } from './shared-keys.ts';

/** The GRANT script's arguments, by name (scripts.ts says what each means). */
export interface GrantArgs {
  /** Interactive, or background (submission and background both count as background). */
  lane: 'interactive' | 'background';
  stationId: string;
  grantId: string;
  cap: number;
  windowMs: number;
  waitTtlMs: number;
  knownBoot: string;
  bootCandidate: string;
  settleMs: number;
  reserve: number;
  /** More of this lane wait at this station after this one. */
  more: boolean;
  pollMs: number;
  silentMs: number;
  holdMs: number;
  ceilingStep: number;
}

/** The GRANT script's answer. */
export interface GrantReply {
  verdict: 'granted' | 'wait' | 'resync';
  waitMs: number;
  /** The server life's id (with 'resync': the one to know from now on). */
  boot: string;
  /** Redis TIME, ms. */
  serverMs: number;
  stations: number;
  /** Grants in the window after this one; −1 when not looked at. */
  used: number;
  /** Slots per window in force. */
  cap: number;
}

/** One grant carried into the shared window: its id, how long ago it counts from, its lane. */
export interface CarriedEntry {
  id: string;
  ageMs: number;
  lane: 'interactive' | 'background';
}

const SCRIPT_NAMES = new Map([
  [GRANT, 'grant'],
  [PAUSE, 'pause'],
  [CARRY, 'carry'],
  [HEARTBEAT, 'heartbeat'],
  [LEAVE, 'leave'],
  [RELEASE, 'release'],
]);
const SCRIPT_SHA = new Map<string, string>();

const VERDICTS = ['granted', 'wait', 'resync'] as const;

const laneCode = (lane: 'interactive' | 'background') => (lane === 'interactive' ? 'i' : 'b');

/**
 * The shared budget's scripts as typed calls: each passes its keys in the order its script
 * reads them and its arguments by name, and reads the reply into named fields.
 */
export class BudgetScripts {
  private readonly redis: Redis;
  private readonly keys: SharedKeys;
  private readonly stationId: string;
  private readonly elapsed: () => number;
  private readonly onCommand: ((script: string, ms: number) => void) | undefined;

  constructor(options: {
    redis: Redis;
    keys: SharedKeys;
    stationId: string;
    elapsed: () => number;
    onCommand?: ((script: string, ms: number) => void) | undefined;
  }) {
    this.redis = options.redis;
    this.keys = options.keys;
    this.stationId = options.stationId;
    this.elapsed = options.elapsed;
    this.onCommand = options.onCommand;
  }

  async grant(a: GrantArgs): Promise<GrantReply> {
    const k = this.keys;
    const reply = await this.run(
      GRANT,
      [
        k.window,
        k.pause,
        k.iwait,
        k.bwait,
        k.stations,
        k.boot,
        k.settle,
        k.mine,
        k.ceiling,
        k.pace,
        k.turns,
        k.turnSeq,
        k.followers,
      ],
      [
        laneCode(a.lane),
        a.stationId,
        a.grantId,
        String(a.cap),
        String(a.windowMs),
        String(a.waitTtlMs),
        a.knownBoot,
        a.bootCandidate,
        String(a.settleMs),
        String(a.reserve),
        a.more ? '1' : '0',
        String(a.pollMs),
        String(a.silentMs),
        String(a.holdMs),
        String(a.ceilingStep),
      ],
    );
    const [verdict, waitMs, boot, serverNow, stations, used, cap] = arrayOf(reply, 7);
    if (!isOneOf(verdict, VERDICTS))
      throw new Error(`unexpected grant verdict: ${String(verdict)}`);
    return {
      verdict,
      waitMs: Number(waitMs),
      boot: String(boot),
      serverMs: Number(serverNow),
      stations: Number(stations),
      used: Number(used),
      cap: Number(cap),
    };
  }

  /** A 429: pauses every station; the warehouse's ceiling lowered (−1: not lowered). */
  async pause(a: {
    ms: number;
    cap: number;
    windowMs: number;
    ceilingStep: number;
    floor: number;
  }): Promise<{ lowered: number }> {
    const reply = await this.run(
      PAUSE,
      [this.keys.pause, this.keys.window, this.keys.ceiling],
      [String(a.ms), String(a.cap), String(a.windowMs), String(a.ceilingStep), String(a.floor)],
    );
    const [, lowered] = arrayOf(reply, 2);
    return { lowered: Number(lowered) };
  }

  /** Re-adds this station's recent grants to the shared window (never moving one earlier). */
  async carry(windowMs: number, entries: readonly CarriedEntry[]): Promise<void> {
    const args: string[] = [String(windowMs), this.stationId];
    for (const e of entries) args.push(e.id, String(e.ageMs), laneCode(e.lane));
    await this.run(
      CARRY,
      [this.keys.window, this.keys.mine, this.keys.followers, this.keys.settle],
      args,
    );
  }

  /** "This station is here": the stations on the key now. */
  async heartbeat(a: {
    stationId: string;
    holdMs: number;
    silentMs: number;
  }): Promise<{ stations: number }> {
    const reply = await this.run(
      HEARTBEAT,
      [this.keys.stations],
      [a.stationId, String(a.holdMs), String(a.silentMs)],
    );
    const [stations] = arrayOf(reply, 2);
    return { stations: Number(stations) };
  }

  async leave(stationId: string): Promise<void> {
    await this.run(LEAVE, [this.keys.stations], [stationId]);
  }

  /** The grant's answer arrived: its slot ages from now. */
  async release(grantId: string, windowMs: number): Promise<void> {
    await this.run(RELEASE, [this.keys.window, this.keys.mine], [grantId, String(windowMs)]);
  }

  /**
   * EVALSHA, and EVAL when the server does not know the script (first use, or a server that came
   * back empty): the script's text crosses the network once per server life, not per grant.
   */
  private async run(lua: string, keys: string[], args: string[]): Promise<unknown> {
    const sha = SCRIPT_SHA.get(lua) ?? createHash('sha1').update(lua).digest('hex');
    SCRIPT_SHA.set(lua, sha);
    const started = this.onCommand ? this.elapsed() : 0;
    try {
      return await this.redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return await this.redis.eval(lua, keys.length, ...keys, ...args);
    } finally {
      this.onCommand?.(SCRIPT_NAMES.get(lua) ?? 'script', this.elapsed() - started);
    }
  }
}

/** A script's reply as the array it must be, of at least `length` items. */
function arrayOf(reply: unknown, length: number): unknown[] {
  if (!Array.isArray(reply) || reply.length < length)
    throw new Error(`unexpected reply from Redis: ${JSON.stringify(reply)}`);
  return reply;
}
