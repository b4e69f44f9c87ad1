/** A response body read up to a bound; the rest is never read. */
export interface BoundedText {
  text: string;
  /** True when the body went on past the bound. */
  truncated: boolean;
}

/**
 * Reads at most `maxBytes` of a body as UTF-8 and cancels the rest, so a hostile or broken
 * server cannot make main hold more than the bound in memory.
 */
export async function readBounded(response: Response, maxBytes: number): Promise<BoundedText> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: decode(chunks), truncated: false };
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      await reader.cancel().catch(() => undefined);
      return { text: decode(chunks), truncated: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
}

const decode = (chunks: Uint8Array[]): string => new TextDecoder().decode(Buffer.concat(chunks));
