// `npm run -s scale -- list|read …`: the station's scales from a terminal (issue #29). IT scripts
// and checks outside the app rely on it, so the options, the JSON and the exit codes are a
// contract:
//   0 a reading (with --stable, a stable one)
//   1 bad input (an unknown device form, a bad option): nothing was opened
//   2 no such device, or no answer within the timeout (3 s unless given), or it went away
//   3 the scale reports a condition: under zero, over capacity, a fault, or, with --stable,
//     still in motion when the timeout ends
// Every non-zero exit writes one sentence on stderr (from the English catalogue), with or without
// --json, never a stack trace; stdout carries only the reading.
import { systemClock, type Clock } from '../platform/clock.ts';
import { translate } from '../../shared/i18n/translate.ts';
import {
  SCALE_PARITIES,
  SCALE_PROTOCOLS,
  type ScaleParity,
  type ScaleProtocol,
  type ScaleReading,
} from '../../shared/scale/types.ts';
import { listScales } from './device-list.ts';
import {
  defaultSerialSettings,
  openScale,
  parseDeviceName,
  type OpenScaleOptions,
} from './open-scale.ts';
import { ScaleError } from './scale-error.ts';
import { StableWeight } from './stable-weight.ts';

const USAGE = `Usage:
  npm run -s scale -- list [--json]
  npm run -s scale -- read DEVICE [--protocol hid|sics|nci] [--baud N] [--data-bits 7|8]
                        [--parity none|even|odd] [--stable] [--timeout-ms N] [--json]
DEVICE is serial:PATH (a serial port; NCI unless --protocol sics) or hid:VID:PID[:SERIAL]
(a USB HID scale, hexadecimal ids). Exit: 0 a reading (with --stable, a stable one), 1 bad
input, 2 no such device or no answer within the timeout (3000 ms unless given), 3 the scale
reports under zero, over capacity, a fault, or is still in motion when --stable times out.
`;

export const DEFAULT_TIMEOUT_MS = 3000;
/** Between two requests to a serial scale while waiting for a stable weight. */
const POLL_MS = 100;
/**
 * The longest a --stable read waits for one answer before asking again. A reply lost with a
 * port pulled out would otherwise be waited for until --timeout-ms ran out (and called
 * "in motion"); asking again writes to the port, and a port that went away fails that write.
 */
const ANSWER_MS = 1000;

interface ReadOptions {
  device: string;
  protocol: ScaleProtocol | null;
  baud: number | null;
  dataBits: 7 | 8 | null;
  parity: ScaleParity | null;
  stable: boolean;
  timeoutMs: number;
  json: boolean;
}

/** A pause that keeps the process alive: nothing else may be holding it while the port is gone. */
const pause = (clock: Clock, ms: number) =>
  new Promise<void>((resolve) => clock.setTimeout(resolve, ms, { keepAlive: true }));

const badOption = (detail: string) => new ScaleError('bad-option', { detail });

function parseRead(args: readonly string[]): ReadOptions {
  const options: ReadOptions = {
    device: '',
    protocol: null,
    baud: null,
    dataBits: null,
    parity: null,
    stable: false,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    json: false,
  };
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const takesValue = ['--protocol', '--baud', '--data-bits', '--parity', '--timeout-ms'];
    let value = '';
    if (takesValue.includes(flag)) {
      const given = eq === -1 ? args[++i] : arg.slice(eq + 1);
      if (given === undefined) throw badOption(`${flag} needs a value.`);
      value = given;
    } else if (eq !== -1) throw badOption(`${flag} takes no value.`);
    switch (flag) {
      case '--protocol':
        if (!(SCALE_PROTOCOLS as readonly string[]).includes(value))
          throw badOption(`--protocol is hid, sics or nci, not "${value}".`);
        options.protocol = value as ScaleProtocol;
        break;
      case '--baud':
        if (!/^\d+$/.test(value) || Number(value) < 110 || Number(value) > 921_600)
          throw badOption(`--baud needs a rate from 110 to 921600, not "${value}".`);
        options.baud = Number(value);
        break;
      case '--data-bits':
        if (value !== '7' && value !== '8')
          throw badOption(`--data-bits is 7 or 8, not "${value}".`);
        options.dataBits = Number(value) as 7 | 8;
        break;
      case '--parity':
        if (!(SCALE_PARITIES as readonly string[]).includes(value))
          throw badOption(`--parity is none, even or odd, not "${value}".`);
        options.parity = value as ScaleParity;
        break;
      case '--timeout-ms':
        if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 600_000)
          throw badOption(`--timeout-ms needs a whole number from 1 to 600000, not "${value}".`);
        options.timeoutMs = Number(value);
        break;
      case '--stable':
        options.stable = true;
        break;
      case '--json':
        options.json = true;
        break;
      default:
        throw badOption(`read takes no option ${flag} (npm run -s scale -- --help).`);
    }
  }
  if (positionals.length !== 1)
    throw badOption(
      positionals.length === 0
        ? 'read needs the scale: serial:PATH or hid:VID:PID[:SERIAL].'
        : `read takes one scale, got ${positionals.length}: ${positionals.join(' ')}.`,
    );
  options.device = positionals[0] ?? '';
  return options;
}

const CONDITIONS = new Set(['under-zero', 'over-capacity', 'fault']);

/** The reading as the contract prints it: exactly these four fields. */
const contract = (reading: ScaleReading) => ({
  status: reading.status,
  value: reading.value,
  unit: reading.unit,
  grams: reading.grams,
});

function describe(reading: ScaleReading): string {
  const weight = `${reading.value} ${reading.unit} (${reading.grams} g)`;
  if (reading.status === 'fault')
    return translate('en', `scale.fault.${reading.fault ?? 'device'}`);
  if (reading.status === 'stable') return `stable ${weight}`;
  if (reading.status === 'zero') return `zero ${weight}`;
  if (reading.status === 'motion') return `motion ${weight}`;
  return translate('en', `scale.status.${reading.status}`);
}

/** The sentence on stderr for an exit 3: the condition in plain words (stdout keeps the reading). */
function conditionSentence(reading: ScaleReading): string {
  if (reading.status === 'fault')
    return translate('en', `scale.fault.${reading.fault ?? 'device'}`);
  return translate(
    'en',
    `scale.status.${CONDITIONS.has(reading.status) ? reading.status : 'motion'}`,
  );
}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  clock: Clock;
  /** Overrides for tests: the links, the HID list, the device list. */
  open?: Partial<Pick<OpenScaleOptions, 'openSerial' | 'openHid' | 'hidDevices'>>;
}

async function read(options: ReadOptions, io: CliIo): Promise<number> {
  const name = parseDeviceName(options.device);
  const protocol = options.protocol ?? (name.kind === 'hid' ? 'hid' : 'nci');
  if ((name.kind === 'hid') !== (protocol === 'hid'))
    throw badOption(
      name.kind === 'hid'
        ? `A hid: device speaks the hid protocol, not ${protocol}.`
        : 'A serial: device speaks sics or nci; hid is for hid: devices.',
    );
  const defaults = defaultSerialSettings(protocol);
  const serial = {
    baudRate: options.baud ?? defaults.baudRate,
    dataBits: options.dataBits ?? defaults.dataBits,
    parity: options.parity ?? defaults.parity,
    stopBits: defaults.stopBits,
  };
  const { clock } = io;
  const session = await openScale(name, { protocol, serial, clock, ...io.open });
  try {
    if (!options.stable) {
      const reading = await session.read(options.timeoutMs);
      io.out(options.json ? JSON.stringify(contract(reading)) : describe(reading));
      if (!CONDITIONS.has(reading.status)) return 0;
      io.err(conditionSentence(reading));
      return 3;
    }
    const deadline = clock.now() + options.timeoutMs;
    // A stable zero is a stable reading here (the station itself never takes zero as a weight).
    const rule = new StableWeight({ acceptZero: true });
    let last: ScaleReading | null = null;
    let stable = false;
    while (!stable && clock.now() < deadline) {
      try {
        const left = deadline - clock.now();
        // A HID scale reports by itself, and its read already falls back to its last report.
        last = await session.read(name.kind === 'serial' ? Math.min(ANSWER_MS, left) : left);
      } catch (error) {
        // No answer this time: ask again while there is time (after it, below, with what came).
        if (error instanceof ScaleError && error.code === 'no-answer') continue;
        throw error;
      }
      stable = rule.feed(last, clock.now()).kind === 'stable';
      if (!stable && name.kind === 'serial')
        await pause(clock, Math.min(POLL_MS, Math.max(0, deadline - clock.now())));
    }
    if (!last) throw new ScaleError('no-answer', { device: options.device, ms: options.timeoutMs });
    // Out of time without a stable weight: a condition says why itself; anything else was
    // still moving (or had not held still for the hold time) when the time ran out.
    const reading: ScaleReading =
      stable || CONDITIONS.has(last.status) ? last : { ...last, status: 'motion' };
    io.out(options.json ? JSON.stringify(contract(reading)) : describe(reading));
    if (stable) return 0;
    io.err(conditionSentence(reading));
    return 3;
  } finally {
    await session.close();
  }
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined)
      throw badOption('Name a command: list or read (npm run -s scale -- --help).');
    if (command === '--help' || command === '-h' || command === 'help') {
      io.out(USAGE.trimEnd());
      return 0;
    }
    if (command === 'list') {
      const unknown = rest.filter((arg) => arg !== '--json');
      if (unknown.length > 0) throw badOption(`list takes only --json, not ${unknown.join(' ')}.`);
      const devices = await listScales();
      if (rest.includes('--json')) io.out(JSON.stringify({ devices }));
      else if (devices.length === 0) io.out('No scales or serial ports found.');
      else for (const d of devices) io.out(`${d.id}\t${d.name}`);
      return 0;
    }
    if (command === 'read') return await read(parseRead(rest), io);
    throw badOption(`Unknown command "${command}": use list or read (npm run -s scale -- --help).`);
  } catch (error) {
    if (error instanceof ScaleError) {
      io.err(translate('en', error.messageKey, error.params));
      return error.code === 'bad-device' || error.code === 'bad-option' ? 1 : 2;
    }
    io.err(`The scale could not be read: ${(error as Error).message}`);
    return 2;
  }
}

if (import.meta.main) {
  // A port that fails in a way nothing above foresaw still ends in one sentence, not a trace.
  const lastResort = (error: unknown) => {
    process.stderr.write(`The scale could not be read: ${(error as Error)?.message ?? error}\n`);
    process.exit(2);
  };
  process.on('uncaughtException', lastResort);
  process.on('unhandledRejection', lastResort);
  process.exitCode = await run(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    clock: systemClock,
  });
}
