import { describe, expect, it } from 'vitest';
import { tokenize, type ZplCommand } from './tokenize.ts';
import { splitParams } from './params.ts';

/** A ZPL file as an editor saves it: UTF-8. */
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
/** Exact bytes: each character of `text` is one byte (0–255). */
const raw = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

const names = (commands: ZplCommand[]): string[] => commands.map((c) => c.prefix + c.name);
const at = (c: ZplCommand | undefined): [number, number] | undefined => c && [c.line, c.column];

describe('tokenize: commands', () => {
  it('reads the guide’s one-line Code 39 label, with each command’s column', () => {
    // ^XA is columns 1–3, ^FO100,75 4–12, ^BY3 13–16, ^B3N,N,100,Y,N 17–30, ^FD123ABC 31–39.
    const { commands, warnings } = tokenize(utf8('^XA^FO100,75^BY3^B3N,N,100,Y,N^FD123ABC^XZ'));
    expect(warnings).toEqual([]);
    expect(commands.map((c) => [c.prefix, c.name, c.params, c.line, c.column])).toEqual([
      ['^', 'XA', '', 1, 1],
      ['^', 'FO', '100,75', 1, 4],
      ['^', 'BY', '3', 1, 13],
      ['^', 'B3', 'N,N,100,Y,N', 1, 17],
      ['^', 'FD', '123ABC', 1, 31],
      ['^', 'XZ', '', 1, 40],
    ]);
    expect(commands.map((c) => c.offset)).toEqual([0, 3, 12, 16, 30, 39]);
  });

  it('keeps the font name of ^A in its parameters, and reads ^A@ as one command', () => {
    const { commands } = tokenize(utf8('^A0N,30,20^ADN^A@N,50,50,E:ARIAL.TTF^AA'));
    expect(commands.map((c) => [c.name, c.params])).toEqual([
      ['A', '0N,30,20'],
      ['A', 'DN'],
      ['A@', 'N,50,50,E:ARIAL.TTF'],
      ['A', 'A'],
    ]);
  });

  it('upper-cases names (commands are case-insensitive) but leaves parameters alone', () => {
    const { commands } = tokenize(utf8('^xa^fo10,20^a0n,30^fdMixed Case^fs^xz'));
    expect(commands.map((c) => [c.name, c.params])).toEqual([
      ['XA', ''],
      ['FO', '10,20'],
      ['A', '0n,30'],
      ['FD', 'Mixed Case'],
      ['FS', ''],
      ['XZ', ''],
    ]);
  });

  it('reads the three-character ^F16 and the two-character ^F8', () => {
    const { commands } = tokenize(utf8('^F16^FDx^F8^FDy'));
    expect(names(commands)).toEqual(['^F16', '^FD', '^F8', '^FD']);
  });

  it('accepts RS (0x1E) for the caret and DLE (0x10) for the tilde', () => {
    const { commands } = tokenize(raw('\x1eXA\x1eFO1,2\x10HS\x1eXZ'));
    expect(names(commands)).toEqual(['^XA', '^FO', '~HS', '^XZ']);
    expect(commands[1]?.params).toBe('1,2');
  });
});

describe('tokenize: lines and columns', () => {
  it('points at each prefix on CR LF lines, and drops the line breaks from parameters', () => {
    const { commands } = tokenize(utf8('^XA\r\n^FO10,20\r\n^FDHi\r\n^FS\r\n^XZ\r\n'));
    expect(commands.map((c) => [c.name, c.params, c.line, c.column])).toEqual([
      ['XA', '', 1, 1],
      ['FO', '10,20', 2, 1],
      ['FD', 'Hi', 3, 1],
      ['FS', '', 4, 1],
      ['XZ', '', 5, 1],
    ]);
  });

  it('counts a lone CR and a lone LF as line breaks', () => {
    const { commands } = tokenize(utf8('^XA\r  ^FO1,1\n\t^XZ'));
    expect(commands.map(at)).toEqual([
      [1, 1],
      [2, 3],
      [3, 2],
    ]);
  });

  it('counts characters after multi-byte UTF-8, two for a character beyond U+FFFF', () => {
    // Line 2: ^FO1,2 is columns 1–6, ^FD 7–9, é 10, € 11, 😀 12–13 (a surrogate pair in an
    // editor), so ^FS is at 14 and ^XZ at 17.
    const { commands } = tokenize(utf8('^XA^CI28\n^FO1,2^FDé€😀^FS^XZ'));
    expect(commands.map((c) => [c.name, c.line, c.column])).toEqual([
      ['XA', 1, 1],
      ['CI', 1, 4],
      ['FO', 2, 1],
      ['FD', 2, 7],
      ['FS', 2, 14],
      ['XZ', 2, 17],
    ]);
    // The data stays bytes: é = C3 A9, € = E2 82 AC, 😀 = F0 9F 98 80.
    expect(commands[3]?.params).toBe('\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80');
  });

  it('counts bytes when the file is not valid UTF-8', () => {
    // Valid: "é" is one character, so ^FS is at column 5.
    expect(at(tokenize(raw('^FD\xc3\xa9^FS')).commands[1])).toEqual([1, 5]);
    // The stray 0xFF makes the file Latin-1 for an editor: three bytes, ^FS at column 7.
    expect(at(tokenize(raw('^FD\xc3\xa9\xff^FS')).commands[1])).toEqual([1, 7]);
  });

  it('skips a UTF-8 byte-order mark without counting it', () => {
    const { commands, warnings } = tokenize(utf8('\ufeff^XA^XZ'));
    expect(warnings).toEqual([]);
    expect(commands.map((c) => [c.name, c.column, c.offset])).toEqual([
      ['XA', 1, 3],
      ['XZ', 4, 6],
    ]);
    // Not valid UTF-8 elsewhere (0xFF): an editor shows the three BOM bytes as characters.
    expect(at(tokenize(raw('\xef\xbb\xbf^FD\xff^FS')).commands[0])).toEqual([1, 4]);
  });
});

describe('tokenize: prefix and delimiter changes', () => {
  it('^CC changes the caret from the next byte on (the guide’s example)', () => {
    const { commands, warnings } = tokenize(utf8('^XA\n^CC/\n/XZ'));
    expect(warnings).toEqual([]);
    expect(commands.map((c) => [c.prefix, c.name, c.params, c.line, c.column])).toEqual([
      ['^', 'XA', '', 1, 1],
      ['^', 'CC', '/', 2, 1],
      ['^', 'XZ', '', 3, 1],
    ]);
  });

  it('~CC changes the caret too (the guide’s example)', () => {
    const { commands } = tokenize(utf8('~CC/\n/XA/JUS/XZ'));
    expect(commands.map((c) => [c.prefix, c.name, c.params])).toEqual([
      ['~', 'CC', '/'],
      ['^', 'XA', ''],
      ['^', 'JU', 'S'],
      ['^', 'XZ', ''],
    ]);
  });

  it('after ^CC the old caret is plain text, and ignored outside a command', () => {
    const { commands, warnings } = tokenize(utf8('^CC+^XA+XZ'));
    expect(names(commands)).toEqual(['^CC', '^XZ']);
    expect(warnings).toEqual([
      { command: 'CC', line: 1, column: 5, message: 'text after ^CC+ is ignored' },
    ]);
  });

  it('^CT changes the tilde (the guide’s example)', () => {
    const { commands } = tokenize(utf8('^XA\n^CT+\n^XZ\n+HS'));
    expect(commands.map((c) => [c.prefix, c.name, c.line, c.column])).toEqual([
      ['^', 'XA', 1, 1],
      ['^', 'CT', 2, 1],
      ['^', 'XZ', 3, 1],
      ['~', 'HS', 4, 1],
    ]);
  });

  it('after ~CT a tilde is printable field data', () => {
    const { commands, warnings } = tokenize(utf8('~CT#^XA^FDa~b^FS#HS^XZ'));
    expect(warnings).toEqual([]);
    expect(commands.map((c) => [c.prefix, c.name, c.params])).toEqual([
      ['~', 'CT', '#'],
      ['^', 'XA', ''],
      ['^', 'FD', 'a~b'],
      ['^', 'FS', ''],
      ['~', 'HS', ''],
      ['^', 'XZ', ''],
    ]);
  });

  it('^CD changes the delimiter each later command is split by (the guide’s example)', () => {
    const zpl = '^XA\n^FO10,10\n^GB10,10,3\n^XZ\n^XA\n^CD;\n^FO10;10\n^GB10;10;3\n^XZ';
    const { commands } = tokenize(utf8(zpl));
    const shapes = commands.filter((c) => c.name === 'FO' || c.name === 'GB');
    expect(shapes.map((c) => [c.name, c.delimiter])).toEqual([
      ['FO', ','],
      ['GB', ','],
      ['FO', ';'],
      ['GB', ';'],
    ]);
    expect(shapes.map((c) => splitParams(c.params, c.delimiter))).toEqual([
      ['10', '10'],
      ['10', '10', '3'],
      ['10', '10'],
      ['10', '10', '3'],
    ]);
  });

  it('~CD changes the delimiter too, and a change lasts across labels', () => {
    const { commands } = tokenize(utf8('~CD;\n^XA^JUS^XZ^XA^FO1;2^XZ'));
    expect(commands.map((c) => c.delimiter)).toEqual([',', ';', ';', ';', ';', ';', ';']);
  });

  it('takes the next character received, across a line break', () => {
    const { commands } = tokenize(utf8('^CC\r\n+\r\n+XA'));
    expect(commands.map((c) => [c.name, c.params])).toEqual([
      ['CC', '+'],
      ['XA', ''],
    ]);
  });

  it('warns when a change makes two of caret, tilde and delimiter the same', () => {
    const { warnings } = tokenize(utf8('^CT^'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ command: 'CT', line: 1, column: 1 });
  });

  it('warns when the input ends before the new character', () => {
    const { commands, warnings } = tokenize(utf8('^XA^CC'));
    expect(commands.at(-1)?.params).toBe('');
    expect(warnings).toEqual([
      {
        command: 'CC',
        line: 1,
        column: 4,
        message: '^CC needs a character after it; nothing changed',
      },
    ]);
  });
});

describe('tokenize: field data and comments', () => {
  it('keeps commas in field data and drops CR/LF inside it', () => {
    const { commands } = tokenize(utf8('^FDHello,\r\n World, again^FS'));
    expect(commands[0]?.params).toBe('Hello, World, again');
    expect(splitParams(commands[0]?.params ?? '', ',')).toHaveLength(3);
  });

  it('keeps spaces and tabs in field data', () => {
    const { commands } = tokenize(utf8('^FD  two\tsp ^FS'));
    expect(commands[0]?.params).toBe('  two\tsp ');
  });

  it('ends ^FX at the next prefix, commas and all', () => {
    const { commands } = tokenize(utf8('^XA^FX Shipping label, v2: from/to\n^FO10,10^XZ'));
    expect(commands.map((c) => [c.name, c.params])).toEqual([
      ['XA', ''],
      ['FX', ' Shipping label, v2: from/to'],
      ['FO', '10,10'],
      ['XZ', ''],
    ]);
  });

  it('keeps a tilde in field data as data (^BX escapes live there) and says so', () => {
    const { commands, warnings } = tokenize(utf8('^FDa~1b^FS'));
    expect(commands.map((c) => [c.prefix, c.name, c.params])).toEqual([
      ['^', 'FD', 'a~1b'],
      ['^', 'FS', ''],
    ]);
    expect(warnings.map((w) => [w.command, w.column])).toEqual([['FD', 1]]);
    expect(warnings[0]?.message).toContain('_7E');
  });

  it('ends a ^FX comment at a tilde as well', () => {
    const { commands, warnings } = tokenize(utf8('^FX see ~JA^FS'));
    expect(names(commands)).toEqual(['^FX', '~JA', '^FS']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain('ends the ^FX comment');
  });

  it('does not warn about a control command after ^FS', () => {
    expect(tokenize(utf8('^FDabc^FS~JA')).warnings).toEqual([]);
  });
});

describe('tokenize: data-carrying commands', () => {
  it('keeps ^GF ASCII data whole: commas and colons of ACS compression, Z64 payloads', () => {
    const { commands } = tokenize(
      utf8('^GFA,6,6,2,FFFF,\r\n:,\r\n^FS^GFA,4,4,1,:Z64:eJz7/x8AAv0B/g==:1a2b^FS'),
    );
    const [acs, , z64] = commands;
    expect(acs?.params).toBe('A,6,6,2,FFFF,:,');
    expect(splitParams(acs?.params ?? '', ',', 5)).toEqual(['A', '6', '6', '2', 'FFFF,:,']);
    expect(splitParams(z64?.params ?? '', ',', 5)).toEqual([
      'A',
      '4',
      '4',
      '1',
      ':Z64:eJz7/x8AAv0B/g==:1a2b',
    ]);
  });

  it('reads ^GFB binary data by its byte count, prefixes and line breaks included', () => {
    // Four data bytes: ^ ~ LF , — then ^FS. The LF is a line break for an editor, so ^FS
    // is on line 2, after the comma in column 1.
    const { commands, warnings } = tokenize(raw('^GFB,4,4,1,^~\n,^FS'));
    expect(warnings).toEqual([]);
    expect(commands.map((c) => [c.name, c.params, c.line, c.column])).toEqual([
      ['GF', 'B,4,4,1,^~\n,', 1, 1],
      ['FS', '', 2, 2],
    ]);
  });

  it('reads ^GFC compressed binary data the same way', () => {
    const { commands } = tokenize(raw('^XA^GFC,3,8,1,\x00\x5e\xff^XZ'));
    expect(commands.map((c) => [c.name, c.params])).toEqual([
      ['XA', ''],
      ['GF', 'C,3,8,1,\x00^\xff'],
      ['XZ', ''],
    ]);
  });

  it('reads ~DY binary data by its total byte count', () => {
    // The guide: ~DYE:FONTFILE.TTF,B,T,SIZE,, and then SIZE bytes.
    const { commands } = tokenize(raw('~DYE:FONTFILE.TTF,B,T,3,,\x00^~^XA^XZ'));
    expect(commands.map((c) => [c.prefix, c.name, c.params])).toEqual([
      ['~', 'DY', 'E:FONTFILE.TTF,B,T,3,,\x00^~'],
      ['^', 'XA', ''],
      ['^', 'XZ', ''],
    ]);
  });

  it('warns when binary data is cut short by the end of the input', () => {
    const { commands, warnings } = tokenize(raw('^GFB,10,10,1,abc'));
    expect(commands[0]?.params).toBe('B,10,10,1,abc');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toBe(
      '^GF announces 10 bytes of binary data but the input ends after 3',
    );
  });

  it('ignores, with a warning, text after the counted bytes', () => {
    const { commands, warnings } = tokenize(raw('^GFB,1,1,1,Xjunk^FS'));
    expect(commands.map((c) => [c.name, c.params])).toEqual([
      ['GF', 'B,1,1,1,X'],
      ['FS', ''],
    ]);
    expect(warnings).toEqual([
      {
        command: 'GF',
        line: 1,
        column: 13,
        message: 'text after the 1 bytes of binary data of ^GF is ignored',
      },
    ]);
  });

  it('falls back to the next prefix when binary data has no byte count', () => {
    const { commands, warnings } = tokenize(raw('^GFB,,4,1,xy^FS'));
    expect(commands.map((c) => [c.name, c.params])).toEqual([
      ['GF', 'B,,4,1,xy'],
      ['FS', ''],
    ]);
    expect(warnings[0]?.message).toContain('no byte count');
  });

  it('ends ~DG hex data at the next prefix, with its commas and line breaks', () => {
    const { commands } = tokenize(utf8('~DGR:SAMPLE.GRF,4,2,\nFFFF\n,\n^XA^XGR:SAMPLE.GRF^FS^XZ'));
    expect(commands[0]).toMatchObject({
      prefix: '~',
      name: 'DG',
      params: 'R:SAMPLE.GRF,4,2,FFFF,',
    });
    expect(splitParams(commands[0]?.params ?? '', ',', 4)).toEqual([
      'R:SAMPLE.GRF',
      '4',
      '2',
      'FFFF,',
    ]);
  });
});

describe('tokenize: stray input', () => {
  it('ignores text before the first command, warning only when it is not blank', () => {
    expect(tokenize(utf8('  \r\n\t^XA^XZ')).warnings).toEqual([]);
    expect(tokenize(utf8('\nhello ^XA^XZ')).warnings).toEqual([
      { command: '', line: 2, column: 1, message: 'text before the first command is ignored' },
    ]);
  });

  it('warns about a prefix with nothing after it', () => {
    const { commands, warnings } = tokenize(utf8('^XA^XZ\n^'));
    expect(names(commands)).toEqual(['^XA', '^XZ']);
    expect(warnings).toEqual([
      { command: '', line: 2, column: 1, message: '"^" with no command after it is ignored' },
    ]);
  });

  it('warns about a UTF-16 file', () => {
    const { warnings } = tokenize(raw('\xff\xfe^\x00X\x00A\x00'));
    expect(warnings[0]).toMatchObject({ command: '', line: 1, column: 1 });
    expect(warnings[0]?.message).toContain('UTF-16');
  });

  it('returns nothing for empty input', () => {
    expect(tokenize(new Uint8Array())).toEqual({ commands: [], warnings: [] });
  });
});
