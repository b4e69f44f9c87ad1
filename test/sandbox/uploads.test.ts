import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/api/types.ts';
import type { RunningSandbox } from '../../src/sandbox/index.ts';
import { call, errorOf, PDF, PNG, withSandbox, ZPL_TWO_LABELS } from './helpers.ts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox({ maxFileBytes: 64 * 1024 });
});
afterAll(() => sandbox.close());

const hash = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const file = (data: string | Uint8Array, name: string, type?: string) => ({
  data,
  name,
  ...(type ? { type } : {}),
});

describe('invoices', () => {
  it('accepts a PDF for an order and shows it on the order with its hash', async () => {
    const result = await call(sandbox, 'POST', '/invoices', {
      form: { order: 'PB-10002', file: file(PDF, 'NF-e 10002.pdf', 'application/pdf') },
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      order: 'PB-10002',
      sha256: hash(PDF),
      size: PDF.length,
      file_name: 'NF-e 10002.pdf',
    });
    const order = (await call(sandbox, 'GET', '/orders/PB-10002')).body as Order;
    expect(order.invoice).toMatchObject({ sha256: hash(PDF), size: PDF.length });
    const again = await call(sandbox, 'POST', '/invoices', {
      form: { order: 'PB-10002', file: file(`${PDF} `, 'nf.pdf') },
    });
    expect(again.body).toMatchObject({ replaced: true });
  });

  it('answers 415 for a file declared as something else', async () => {
    const result = await call(sandbox, 'POST', '/invoices', {
      form: { order: 'PB-10002', file: file(PNG, 'scan.png', 'image/png') },
    });
    expect(result.status).toBe(415);
    expect(errorOf(result).code).toBe('unsupported_media_type');
  });

  it('answers 422 for a PNG renamed to .pdf and for an empty file', async () => {
    const renamed = await call(sandbox, 'POST', '/invoices', {
      form: { order: 'PB-10002', file: file(PNG, 'nf.pdf', 'application/pdf') },
    });
    expect(renamed.status).toBe(422);
    expect(errorOf(renamed).message).toMatch(/not a PDF/);
    const empty = await call(sandbox, 'POST', '/invoices', {
      form: { order: 'PB-10002', file: file('', 'nf.pdf', 'application/pdf') },
    });
    expect(empty.status).toBe(422);
    expect(errorOf(empty).message).toMatch(/empty/);
  });

  it('answers 404 for an unknown order and 413 above the size limit', async () => {
    expect(
      (
        await call(sandbox, 'POST', '/invoices', {
          form: { order: 'NOPE-1', file: file(PDF, 'nf.pdf') },
        })
      ).status,
    ).toBe(404);
    const big = `${PDF}${'x'.repeat(65 * 1024)}`;
    const result = await call(sandbox, 'POST', '/invoices', {
      form: { order: 'PB-10002', file: file(big, 'nf.pdf') },
    });
    expect(result.status).toBe(413);
    expect(errorOf(result).code).toBe('payload_too_large');
  });

  it('names what is missing and refuses bodies that are not multipart', async () => {
    const missing = await call(sandbox, 'POST', '/invoices', {
      form: { file: file(PDF, 'nf.pdf') },
    });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).details).toEqual([{ path: 'order', message: 'is required' }]);
    const noFile = await call(sandbox, 'POST', '/invoices', { form: { order: 'PB-10002' } });
    expect(errorOf(noFile).details).toEqual([{ path: 'file', message: 'is required' }]);
    const json = await call(sandbox, 'POST', '/invoices', {
      json: { order: 'PB-10002', file: PDF },
    });
    expect(json.status).toBe(415);
  });
});

describe('labels', () => {
  it('accepts a multi-label ZPL file and shows each upload on the order', async () => {
    const result = await call(sandbox, 'POST', '/labels', {
      form: { order: 'PB-10003', file: file(ZPL_TWO_LABELS, 'etiqueta.zpl') },
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      order: 'PB-10003',
      format: 'zpl',
      label_count: 2,
      sha256: hash(ZPL_TWO_LABELS),
    });
    const pdf = await call(sandbox, 'POST', '/labels', {
      form: { order: 'PB-10003', file: file(PDF, 'label.pdf') },
    });
    expect(pdf.body).toMatchObject({ format: 'pdf', label_count: 1 });
    const png = await call(sandbox, 'POST', '/labels', {
      form: { order: 'PB-10003', file: file(PNG, 'label.bin'), format: 'png' },
    });
    expect(png.body).toMatchObject({ format: 'png' });
    const order = (await call(sandbox, 'GET', '/orders/PB-10003')).body as Order;
    expect(order.labels.map((l) => [l.format, l.sha256])).toEqual([
      ['zpl', hash(ZPL_TWO_LABELS)],
      ['pdf', hash(PDF)],
      ['png', hash(PNG)],
    ]);
  });

  it('answers 422 for ZPL without ^XA…^XZ and for a label left open', async () => {
    for (const text of ['hello printer', '^XA^FDno end^FS', '']) {
      const result = await call(sandbox, 'POST', '/labels', {
        form: { order: 'PB-10003', file: file(text, 'l.zpl') },
      });
      expect(result.status, text).toBe(422);
      expect(errorOf(result).message, text).toMatch(/\^X[AZ]|empty/);
    }
  });

  it('refuses what is no label at all', async () => {
    const unknown = await call(sandbox, 'POST', '/labels', {
      form: { order: 'PB-10003', file: file('just text', 'notes.doc') },
    });
    expect(unknown.status).toBe(415);
    const badFormat = await call(sandbox, 'POST', '/labels', {
      form: { order: 'PB-10003', file: file(PDF, 'l.pdf'), format: 'gif' },
    });
    expect(badFormat.status).toBe(400);
    const lying = await call(sandbox, 'POST', '/labels', {
      form: { order: 'PB-10003', file: file('^XA^XZ', 'l.png') },
    });
    expect(lying.status).toBe(422);
  });
});
