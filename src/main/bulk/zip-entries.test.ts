import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n/translate.ts';
import { refusalKey, type BulkRefusal } from './refusals.ts';
import { readZipEntries, ZIP_LIMITS } from './zip-entries.ts';

// A ZIP's entries as the drop reads them: every byte back as it went in, and each limit of the
// issue (10,000 entries, 1 GiB in all, 200:1 per entry) refusing with its own sentence.

/** Bytes that do not compress: a seeded generator's. */
function noise(length: number, seed: number): Uint8Array {
  let a = seed;
  return Uint8Array.from({ length }, () => {
    a = (a * 1_103_515_245 + 12_345) % 2 ** 31;
    return a >> 23;
  });
}

const sentence = (refusal: BulkRefusal | null) =>
  refusal ? translate('en', refusalKey(refusal), refusal.params) : null;

describe('readZipEntries', () => {
  it('gives back every entry byte for byte, stored or deflated, folders left aside', () => {
    const label = strToU8('^XA^FO10,10^GB50,50,5^FS^XZ');
    const pdf = strToU8('%PDF-1.4\n% a small invoice\n%%EOF\n');
    const random = noise(300_000, 7);
    const archive = zipSync({
      'day/labels.zpl': label,
      'day/NF-1.pdf': [pdf, { level: 0 }],
      'day/big.bin': random,
      'day/empty/': new Uint8Array(0),
    } as Zippable);
    const read = readZipEntries(archive, 'day.zip');
    expect(read.refusal).toBeNull();
    expect(read.refused).toEqual([]);
    expect(read.entries.map((e) => e.name)).toEqual([
      'day/labels.zpl',
      'day/NF-1.pdf',
      'day/big.bin',
    ]);
    expect(Buffer.from(read.entries[0]?.bytes ?? [])).toEqual(Buffer.from(label));
    expect(Buffer.from(read.entries[1]?.bytes ?? [])).toEqual(Buffer.from(pdf));
    expect(Buffer.from(read.entries[2]?.bytes ?? [])).toEqual(Buffer.from(random));
  });

  it('leaves out an entry that unpacks to more than 200 times its size, and keeps the rest', () => {
    // 40 MB of zeros deflate to about 40 KB: a 1,000:1 entry, as a ZIP bomb's.
    const archive = zipSync({
      'bomb.zpl': new Uint8Array(40 * 1024 * 1024),
      'fine.zpl': strToU8('^XA^FDfine^FS^XZ'),
    });
    expect(archive.length).toBeLessThan(200_000);
    const read = readZipEntries(archive, 'day.zip');
    expect(read.refusal).toBeNull();
    expect(read.entries.map((e) => e.name)).toEqual(['fine.zpl']);
    expect(read.refused.map((r) => [r.name, sentence(r.refusal)])).toEqual([
      [
        'bomb.zpl',
        'day.zip!bomb.zpl unpacks to more than 200 times its packed size, as a ZIP bomb does, so it was left out.',
      ],
    ]);
  });

  it('refuses a ZIP of more than 10,000 entries whole', () => {
    const files: Zippable = {};
    for (let i = 0; i <= ZIP_LIMITS.maxEntries; i += 1) files[`l${i}.zpl`] = strToU8('^XA^XZ');
    const read = readZipEntries(zipSync(files, { level: 0 }), 'many.zip');
    expect(read.entries).toEqual([]);
    expect(sentence(read.refusal)).toBe(
      'many.zip holds more than 10000 files: a ZIP that large is refused whole.',
    );
    files['l0.zpl'] = undefined as never;
    delete files['l0.zpl'];
    expect(readZipEntries(zipSync(files, { level: 0 }), 'many.zip').entries).toHaveLength(10_000);
  });

  it('refuses a ZIP whose entries together unpack past the limit, as they come out', () => {
    const random = (seed: number) =>
      Uint8Array.from({ length: 400_000 }, (_, i) => (i * seed) % 253);
    const archive = zipSync({ 'a.bin': random(31), 'b.bin': random(37), 'c.bin': random(41) });
    const limits = { ...ZIP_LIMITS, maxTotalBytes: 1024 * 1024 };
    const read = readZipEntries(archive, 'big.zip', limits);
    expect(read.entries).toEqual([]);
    expect(sentence(read.refusal)).toBe('big.zip unpacks to more than 1 MB: it is refused whole.');
  });

  it('says in a sentence that a file is no ZIP it can read', () => {
    const archive = zipSync({ 'a.zpl': strToU8('^XA^FDa^FS^XZ'.repeat(100)) });
    // Cut inside the deflated data: the stream ends before the entry does.
    for (const bytes of [
      archive.subarray(0, 45),
      archive.subarray(0, 20),
      strToU8('PK\x03\x04 no zip'),
    ]) {
      const cut = readZipEntries(bytes, 'cut.zip');
      expect(cut.entries).toEqual([]);
      expect(sentence(cut.refusal)).toBe(
        'cut.zip is not a ZIP Packbench can read: it is damaged or cut short.',
      );
    }
  });
});
