import { createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback proxy that loses answers the way a flaky warehouse network does: every request is
// forwarded whole and the service does the work, then a share of the answers never comes back
// (the client's connection is cut). The client cannot tell whether its write happened.

export interface LossyProxy {
  url: string;
  /** Requests forwarded, and answers dropped after the service answered. */
  stats: { forwarded: number; dropped: number };
  close(): Promise<void>;
}

/** A small deterministic generator, so a failing run can be replayed with the same seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface ProxyHooks {
  /** Each chunk of a request body as it arrives (before anything is forwarded). */
  onBodyChunk?: (request: IncomingMessage, first: boolean) => void;
  /** The service has answered: relay the answer, or cut the client's connection instead. */
  onAnswer?: (request: IncomingMessage, status: number) => 'relay' | 'drop';
  /** The whole request has arrived; it is forwarded once this resolves (to hold it in flight). */
  beforeForward?: (request: IncomingMessage) => Promise<void>;
}

/** A loopback proxy that forwards each request whole and lets a test act at set moments. */
export async function startHookedProxy(
  target: string,
  hooks: ProxyHooks,
): Promise<{ url: string; close(): Promise<void> }> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      hooks.onBodyChunk?.(req, chunks.length === 0);
      chunks.push(c);
    });
    req.on('end', async () => {
      await hooks.beforeForward?.(req);
      const headers: IncomingHttpHeaders = { ...req.headers, host: to.host };
      const upstream = request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            if (hooks.onAnswer?.(req, answer.statusCode ?? 502) === 'drop') {
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(body));
          });
        },
      );
      upstream.on('error', () => req.socket.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startLossyProxy(
  target: string,
  dropRate: number,
  seed = 1,
): Promise<LossyProxy> {
  const random = seeded(seed);
  const stats = { forwarded: 0, dropped: 0 };
  const proxy = await startHookedProxy(target, {
    onAnswer: (req) => {
      stats.forwarded += 1;
      // Only writes lose their answers: lost reads are retried by any client and prove
      // nothing about exactly-once.
      if (req.method !== 'GET' && random() < dropRate) {
        stats.dropped += 1;
        return 'drop';
      }
      return 'relay';
    },
  });
  return { ...proxy, stats };
}
