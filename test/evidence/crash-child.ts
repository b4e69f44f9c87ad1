// A station process that dies while recording (issue #41): it appends the WebM's first
// fragments to a pack's clip, then half of the next one (a write torn by the crash), says
// "cut" and waits to be killed with SIGKILL. Run by clip.test.ts with the project's node.
import { readFileSync } from 'node:fs';
import { ClipStore } from '../../src/main/evidence/clip-store.ts';
import { systemClock } from '../../src/main/platform/clock.ts';

const [dir = '', packId = '', webm = '', size = '16384', count = '4'] = process.argv.slice(2);
const clip = readFileSync(webm);
const store = new ClipStore({ dir, clock: systemClock });
store.start(packId);
const piece = Number(size);
for (let n = 0; n < Number(count); n += 1)
  await store.append(packId, clip.subarray(n * piece, (n + 1) * piece));
const torn = Number(count) * piece;
await store.append(packId, clip.subarray(torn, torn + piece / 2));
process.stdout.write('cut\n');
// Held open until the test kills this process, as a crash would find it.
setInterval(() => {}, 60_000);
