import { describe, expect, it } from 'vitest';
import { splitParams } from './params.ts';

describe('splitParams', () => {
  it('splits by the delimiter, an omitted parameter being an empty string', () => {
    expect(splitParams('100,75')).toEqual(['100', '75']);
    // The guide's ^B3,,100: orientation and check digit omitted, height 100.
    expect(splitParams(',,100')).toEqual(['', '', '100']);
    expect(splitParams('N,')).toEqual(['N', '']);
    expect(splitParams('')).toEqual(['']);
  });

  it('does not trim', () => {
    expect(splitParams(' 10 , 20 ')).toEqual([' 10 ', ' 20 ']);
  });

  it('uses the delimiter it is given (^CD)', () => {
    expect(splitParams('10;10;3', ';')).toEqual(['10', '10', '3']);
    expect(splitParams('10,10', ';')).toEqual(['10,10']);
  });

  it('keeps the rest whole in the last part when limited', () => {
    expect(splitParams('A,8,8,1,FF,00,:', ',', 5)).toEqual(['A', '8', '8', '1', 'FF,00,:']);
    expect(splitParams('A,8', ',', 5)).toEqual(['A', '8']);
    expect(splitParams('a,b,c', ',', 1)).toEqual(['a,b,c']);
  });
});
