import { createServer } from 'node:net';

/**
 * A loopback port free right now (bound on port 0, then released): for a server a test starts
 * on it, or, left unused, a port where connecting is refused.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}
