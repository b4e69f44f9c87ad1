import { describe, expect, it } from 'vitest';
import { formatAliasCsv, mergeAliases, parseAliasCsv } from './alias-csv.ts';

describe('aliases CSV', () => {
  it('reads good lines, with the columns in any order, quotes, a BOM and CRLF', () => {
    const csv = '\uFEFFsku,Alias,quantity\r\nACM-0001,CASE-12,12\r\n\r\n"ACM,2","A""B",6\r\n';
    expect(parseAliasCsv(csv)).toEqual({
      aliases: [
        { alias: 'CASE-12', sku: 'ACM-0001', quantity: 12 },
        { alias: 'A"B', sku: 'ACM,2', quantity: 6 },
      ],
      problems: [],
      refused: 0,
    });
  });

  it('refuses each bad line by its number and field, and keeps every good one', () => {
    const csv = [
      'alias,sku,quantity',
      'GOOD-1,ACM-0001,2',
      'has space,ACM-0001,2',
      'GOOD-2,,3',
      'GOOD-3,ACM-0003,0',
      'GOOD-4,ACM-0004,1.5',
      'GOOD-5,ACM-0005',
      '"OPEN,ACM-0006,1',
      'GOOD-1,ACM-0009,4',
      'GOOD-6,ACM-0006,10000',
      'BAD 7,,x',
    ].join('\n');
    const result = parseAliasCsv(csv);
    expect(result.aliases.map((a) => a.alias)).toEqual(['GOOD-1', 'GOOD-6']);
    expect(result.problems).toEqual([
      { key: 'pack.aliases.csv.alias', values: { line: 3 } },
      { key: 'pack.aliases.csv.sku', values: { line: 4 } },
      { key: 'pack.aliases.csv.quantity', values: { line: 5 } },
      { key: 'pack.aliases.csv.quantity', values: { line: 6 } },
      { key: 'pack.aliases.csv.columns', values: { line: 7, count: 2 } },
      { key: 'pack.aliases.csv.quote', values: { line: 8 } },
      { key: 'pack.aliases.csv.duplicate', values: { line: 9, alias: 'GOOD-1', first: 2 } },
      { key: 'pack.aliases.csv.alias', values: { line: 11 } },
      { key: 'pack.aliases.csv.sku', values: { line: 11 } },
      { key: 'pack.aliases.csv.quantity', values: { line: 11 } },
    ]);
    expect(result.refused).toBe(8);
  });

  it('without its header, refuses line 1 and reads the rest as alias,sku,quantity', () => {
    const result = parseAliasCsv('CASE-6,ACM-0001,6\nCASE-12,ACM-0001,12');
    expect(result.problems).toEqual([{ key: 'pack.aliases.csv.header', values: { line: 1 } }]);
    expect(result.aliases).toEqual([{ alias: 'CASE-12', sku: 'ACM-0001', quantity: 12 }]);
  });

  it('says so when the CSV is empty', () => {
    expect(parseAliasCsv(' \n\n').problems).toEqual([
      { key: 'pack.aliases.csv.empty', values: {} },
    ]);
  });

  it('writes what it reads back unchanged', () => {
    const aliases = [
      { alias: 'CASE,12', sku: ' Odd "SKU"', quantity: 12 },
      { alias: 'PACK-3', sku: 'ACM-0002', quantity: 3 },
    ];
    const csv = formatAliasCsv(aliases);
    expect(csv.split('\r\n')[0]).toBe('alias,sku,quantity');
    // The schema trims an SKU: what comes back is what main would keep.
    expect(parseAliasCsv(csv).aliases).toEqual([
      { alias: 'CASE,12', sku: 'Odd "SKU"', quantity: 12 },
      aliases[1],
    ]);
  });

  it('merges an import over the table: an alias imported again takes its new values', () => {
    const table = [
      { alias: 'A', sku: 'S1', quantity: 1 },
      { alias: 'B', sku: 'S2', quantity: 2 },
    ];
    expect(mergeAliases(table, [{ alias: 'A', sku: 'S9', quantity: 9 }])).toEqual([
      { alias: 'B', sku: 'S2', quantity: 2 },
      { alias: 'A', sku: 'S9', quantity: 9 },
    ]);
  });
});
