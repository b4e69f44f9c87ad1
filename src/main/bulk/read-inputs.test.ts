import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n/translate.ts';
import { readInputs, sniff } from './read-inputs.ts';
import { refusalKey } from './refusals.ts';

// A drop as the operator makes it, on a real folder: files told apart by what they hold, a
// ZIP's entries named ARCHIVE.zip!entry, a folder read one level deep, and each file that
// cannot be used refused in its own sentence while the rest goes on.

const dir = mkdtempSync(join(tmpdir(), 'packbench-bulk-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const LABEL = '^XA^FO20,20^A0N,30,30^FDPB-1042^FS^XZ';
const PDF = '%PDF-1.4\n% invoice\n%%EOF\n';

describe('sniff', () => {
  it('tells a label, an invoice and a ZIP by their bytes, not their names', () => {
    expect(sniff(strToU8(LABEL))).toBe('zpl');
    expect(sniff(strToU8(`\uFEFF\r\n  ~DGR:LOGO.GRF,4,1,FFFF\n${LABEL}`))).toBe('zpl');
    expect(sniff(strToU8('^xa^fdlower case^fs^xz'))).toBe('zpl');
    expect(sniff(strToU8(PDF))).toBe('pdf');
    expect(sniff(zipSync({ 'a.zpl': strToU8(LABEL) }))).toBe('zip');
    expect(sniff(strToU8('Order PB-1042, 2 units'))).toBe('other');
  });
});

describe('readInputs', () => {
  it('reads files, a ZIP and a folder one level deep; refuses the rest in sentences', () => {
    const folder = join(dir, 'day');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    writeFileSync(join(folder, 'labels.txt'), LABEL);
    writeFileSync(join(folder, 'a1b2c3'), PDF);
    writeFileSync(join(folder, 'notes.docx'), 'not a label');
    writeFileSync(join(folder, 'empty.zpl'), '');
    writeFileSync(join(folder, 'nested', 'deeper.zpl'), LABEL);
    const zip = join(dir, 'marketplace.zip');
    writeFileSync(
      zip,
      zipSync({
        'labels.prn': strToU8(LABEL),
        'NF-1.pdf': strToU8(PDF),
        'inner.zip': zipSync({ 'x.zpl': strToU8(LABEL) }),
        'readme.txt': strToU8('read me'),
      }),
    );
    const missing = join(dir, 'nowhere.zpl');
    const read = readInputs([folder, zip, missing]);
    expect(read.inputs.map((i) => [i.source, i.kind])).toEqual([
      [join(folder, 'a1b2c3'), 'pdf'],
      [join(folder, 'labels.txt'), 'zpl'],
      [`${zip}!labels.prn`, 'zpl'],
      [`${zip}!NF-1.pdf`, 'pdf'],
    ]);
    expect(Buffer.from(read.inputs[1]?.bytes ?? []).toString()).toBe(LABEL);
    expect(read.missing).toEqual([missing]);
    expect(
      read.refused.map((r) => translate('pt-BR', refusalKey(r.refusal), r.refusal.params)),
    ).toEqual([
      `${join(folder, 'empty.zpl')} está vazio: não há nada nele para separar.`,
      `${join(folder, 'notes.docx')} não é uma etiqueta (ZPL) nem uma nota fiscal (PDF), por isso ficou de fora.`,
      `${zip}!inner.zip é um ZIP dentro de um ZIP: descompacte o externo e solte os arquivos dele.`,
      `${zip}!readme.txt não é uma etiqueta (ZPL) nem uma nota fiscal (PDF), por isso ficou de fora.`,
      `Não há nada em ${missing}: confira o caminho.`,
    ]);
  });

  it('says why a file could not be read, and goes on with the others', () => {
    const read = readInputs(['locked.zpl', 'fine.zpl'], {
      kind: () => 'file',
      list: () => [],
      read: (path) => {
        if (path === 'locked.zpl')
          throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
        return strToU8(LABEL);
      },
    });
    expect(read.inputs.map((i) => i.source)).toEqual(['fine.zpl']);
    expect(
      read.refused.map((r) => translate('en', refusalKey(r.refusal), r.refusal.params)),
    ).toEqual(['locked.zpl could not be read (EACCES).']);
  });
});
