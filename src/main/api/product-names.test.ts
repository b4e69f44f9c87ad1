import { describe, expect, it, vi } from 'vitest';
import { NetworkError, NotFoundError } from './errors.ts';
import { ProductNames } from './product-names.ts';

function source() {
  const getProduct = vi.fn(async (sku: string) => {
    if (sku === 'GONE') throw new NotFoundError({ message: 'no such product', status: 404 });
    if (sku === 'FLAKY') throw new NetworkError({ message: 'connection reset' });
    return { name: `Name of ${sku}` };
  });
  return { getProduct };
}

describe('ProductNames', () => {
  it('asks the service once per SKU, shares a lookup in flight, and keeps names for the TTL', async () => {
    let now = 0;
    const names = new ProductNames(() => now, 60_000);
    const api = source();
    const [a, b] = await Promise.all([
      names.names('p1', api, ['A', 'B', 'A']),
      names.names('p1', api, ['A']),
    ]);
    expect(a).toEqual({ A: 'Name of A', B: 'Name of B' });
    expect(b).toEqual({ A: 'Name of A' });
    expect(api.getProduct).toHaveBeenCalledTimes(2);
    now = 59_999;
    await names.names('p1', api, ['A', 'B']);
    expect(api.getProduct).toHaveBeenCalledTimes(2);
    now = 60_000;
    await names.names('p1', api, ['A']);
    expect(api.getProduct).toHaveBeenCalledTimes(3);
  });

  it('keeps an unknown SKU as null, leaves a failed lookup out and tries it again next time', async () => {
    const names = new ProductNames(() => 0);
    const api = source();
    expect(await names.names('p1', api, ['GONE', 'FLAKY'])).toEqual({ GONE: null });
    await names.names('p1', api, ['GONE', 'FLAKY']);
    expect(api.getProduct.mock.calls.map(([sku]) => sku)).toEqual(['GONE', 'FLAKY', 'FLAKY']);
  });

  it('keeps each profile apart and forgets a profile whose key changed', async () => {
    const names = new ProductNames(() => 0);
    const api = source();
    await names.names('p1', api, ['A']);
    await names.names('p2', api, ['A']);
    names.forget('p1');
    await names.names('p1', api, ['A']);
    await names.names('p2', api, ['A']);
    expect(api.getProduct).toHaveBeenCalledTimes(3);
  });

  it('holds at most its limit of names, dropping the oldest first', async () => {
    const names = new ProductNames(() => 0, 60_000, 2);
    const api = source();
    await names.names('p1', api, ['A', 'B', 'C']);
    await names.names('p1', api, ['B', 'C']);
    expect(api.getProduct).toHaveBeenCalledTimes(3);
    await names.names('p1', api, ['A']);
    expect(api.getProduct).toHaveBeenCalledTimes(4);
  });
});
