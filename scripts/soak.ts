// `npm run soak -- --hours H`: one station packing through a compressed shift (scripts/soak/),
// measured every simulated minute. Prints a table, writes soak-results.json and soak.png into
// the output folder, and exits 0 when nothing grew beyond its bound after the warm-up, 1 when
// something did (named in a sentence), 2 on bad usage.
//
// The station uses the system keychain, so the soak always runs it inside a D-Bus session and
// gnome-keyring of its own, set up exactly as `npm test`'s (scripts/with-keyring.sh): no test key
// ever reaches the user's keyring, and the bus holds only the soak's connections. This file
// starts that session and runs itself again inside it, with --expose-gc (memory is read after a
// full collection).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { makeFolders } from '../src/main/platform/make-folders.ts';

const USAGE =
  'usage: npm run soak -- [--hours H] [--packs-per-hour N] [--out DIR] [--heap-snapshots]\n' +
  '  --hours           simulated hours of the shift (default 8, from 1 to 24)\n' +
  '  --packs-per-hour  orders packed per simulated hour (default 30, from 1 to 120)\n' +
  '  --out             folder for soak-results.json and soak.png (default soak-results)\n' +
  '  --heap-snapshots  also snapshot the heap after the warm-up and at the end, and list what\n' +
  '                    the end holds that the first did not (heap-growth.txt): to find a leak;\n' +
  '                    RSS and heap are then reported, not judged';

function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      hours: { type: 'string', default: '8' },
      'packs-per-hour': { type: 'string', default: '30' },
      out: { type: 'string', default: 'soak-results' },
      'heap-snapshots': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
} catch (error) {
  usage((error as Error).message);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const hours = Number(parsed.values.hours);
if (!Number.isFinite(hours) || hours < 1 || hours > 24)
  usage(`--hours must be a number from 1 to 24, not "${parsed.values.hours}".`);
const packsPerHour = Number(parsed.values['packs-per-hour']);
if (!Number.isInteger(packsPerHour) || packsPerHour < 1 || packsPerHour > 120)
  usage(
    `--packs-per-hour must be a whole number from 1 to 120, not "${parsed.values['packs-per-hour']}".`,
  );
const out = resolve(parsed.values.out);
try {
  makeFolders(out);
} catch (error) {
  usage(`--out: the folder "${out}" cannot be made (${(error as NodeJS.ErrnoException).code}).`);
}
const heapSnapshots = parsed.values['heap-snapshots'];

if (process.env['PACKBENCH_SOAK_INSIDE'] !== '1') {
  // Outside: a private D-Bus session and keyring, then this file again inside them.
  const scratch = mkdtempSync(join(tmpdir(), 'packbench-soak-keyring-'));
  const runtime = join(scratch, 'runtime');
  mkdirSync(runtime, { mode: 0o700 });
  const inner = spawnSync(
    'dbus-run-session',
    [
      '--',
      'bash',
      join(import.meta.dirname, 'with-keyring.sh'),
      process.execPath,
      '--expose-gc',
      import.meta.filename,
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        PACKBENCH_SOAK_INSIDE: '1',
        XDG_DATA_HOME: join(scratch, 'data'),
        XDG_RUNTIME_DIR: runtime,
        DISPLAY: '',
      },
    },
  );
  rmSync(scratch, { recursive: true, force: true });
  if (inner.error) {
    console.error(`The soak could not start its private keyring: ${inner.error.message}`);
    process.exit(1);
  }
  process.exit(inner.status ?? 1);
}

const { startRig } = await import('./soak/rig.ts');
const { runShift } = await import('./soak/shift.ts');
const { judgeSamples, formatTable, growthSentence, MEMORY_MEASURES } =
  await import('./soak/report.ts');
const { writeChart } = await import('./soak/chart.ts');
const { valueOf } = await import('./soak/measures.ts');
const { WARM_UP } = await import('./soak/judge.ts');
const { writeHeapSnapshot } = await import('node:v8');

// The first snapshot closes the tenth the judge takes its reference from: what the end holds
// and it did not is what grew where the judge looks.
const snapshotMinute = 2 * Math.max(1, Math.floor(Math.round(hours * 60) * WARM_UP));
const snapshot = (name: string) => {
  const file = join(out, `heap-${name}.heapsnapshot`);
  console.error(`  heap snapshot: ${writeHeapSnapshot(file)}`);
  return file;
};
let firstSnapshot: string | null = null;

console.log(
  `Packbench soak: ${hours} simulated hours, ${packsPerHour} packs an hour, ${process.version}`,
);
const rig = await startRig();
let outcome;
try {
  outcome = await runShift(rig, {
    hours,
    packsPerHour,
    progress: (s, of) => {
      if (heapSnapshots && s.minute === snapshotMinute) firstSnapshot = snapshot('after-warm-up');
      if (s.minute % 60 === 0 || s.minute === of)
        console.error(
          `  hour ${(s.minute / 60).toFixed(1)}: ${s.packs} packs, RSS ${s.rssMb.toFixed(0)} MB, heap ${s.heapMb.toFixed(1)} MB, ${s.fds} fds, ${s.dbus} D-Bus`,
        );
    },
  });
  if (firstSnapshot) {
    const { heapGrowth, formatGrowth } = await import('./soak/heap-diff.ts');
    const growth = formatGrowth(heapGrowth(firstSnapshot, snapshot('end')));
    writeFileSync(join(out, 'heap-growth.txt'), `${growth}\n`);
    console.log(`\nHeld at the end and not after the warm-up:\n${growth}`);
  }
} finally {
  await rig.close();
}
// A heap snapshot disturbs the memory measures after it: a run that takes them judges the rest.
const results = judgeSamples(outcome.samples, heapSnapshots ? MEMORY_MEASURES : new Set());
const sentence = growthSentence(results);
const chart = join(out, 'soak.png');
writeChart(
  chart,
  results.map((r) => ({
    title: r.label,
    unit: r.unit,
    series: outcome.samples.map((s) => valueOf(s, r.key)),
    verdict: r.verdict,
  })),
  hours,
);
writeFileSync(
  join(out, 'soak-results.json'),
  `${JSON.stringify(
    {
      parameters: { hours, packsPerHour, node: process.version },
      wallSeconds: Math.round(outcome.wallMs / 1000),
      packingSeconds: Math.round(outcome.packingMs / 1000),
      samplingSeconds: Math.round(outcome.samplingMs / 1000),
      packs: outcome.packs,
      updateChecks: outcome.updateChecks,
      sandbox: outcome.traffic,
      grew: sentence,
      measures: results,
      samples: outcome.samples,
    },
    null,
    2,
  )}\n`,
);
console.log(`\n${formatTable(results)}`);
console.log(
  `\n* per pack packed: records are kept by design, so these grow with the work; their size per pack must not.`,
);
console.log(
  `${outcome.packs} packs in ${(outcome.wallMs / 1000).toFixed(0)} s (packing ${(outcome.packingMs / 1000).toFixed(0)} s, measuring ${(outcome.samplingMs / 1000).toFixed(0)} s); ${outcome.updateChecks} update checks; the sandbox accepted ${outcome.traffic.accepted} requests and refused ${outcome.traffic.rateLimited} (429).`,
);
console.log(`Chart: ${chart}; figures: ${join(out, 'soak-results.json')}.`);
if (heapSnapshots)
  console.log(
    'Memory is reported, not judged: a heap snapshot raises the resident memory after it. Judge memory from a run without --heap-snapshots.',
  );
if (sentence) {
  console.log(sentence);
  process.exit(1);
}
console.log('Nothing grew beyond 5 % after the warm-up.');
