import { describe, expect, it } from 'vitest';
import { isValidPattern, orderFromFileName } from './order-from-name.ts';

describe('orderFromFileName', () => {
  it.each([
    ['NF-e PB-10001.pdf', 'PB-10001'],
    ['nota_bt-10002_assinada.pdf', 'BT-10002'],
    ['scan 2026-11-22.pdf', null],
    ['invoice.pdf', null],
  ])('%s → %s', (name, order) => {
    expect(orderFromFileName(name)).toBe(order);
  });

  it('takes a configured pattern and survives a broken one', () => {
    expect(orderFromFileName('pedido 778899.pdf', '\\d{6}')).toBe('778899');
    expect(orderFromFileName('x.pdf', '([')).toBeNull();
    expect([isValidPattern('(['), isValidPattern('\\d{6}')]).toEqual([false, true]);
  });
});
