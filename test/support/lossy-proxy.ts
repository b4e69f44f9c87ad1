import { createServer, request, type IncomingHttpHeaders } from 'node:http';
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

export async function startLossyProxy(
  target: string,
  dropRate: number,
  seed = 1,
): Promise<LossyProxy> {
  const to = new URL(target);
  const random = seeded(seed);
  const stats = { forwarded: 0, dropped: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: IncomingHttpHeaders = { ...req.headers, host: to.host };
      const upstream = request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            stats.forwarded += 1;
            // Only writes lose their answers: lost reads are retried by any client and prove
            // nothing about exactly-once.
            if (req.method !== 'GET' && random() < dropRate) {
              stats.dropped += 1;
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
    stats,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
