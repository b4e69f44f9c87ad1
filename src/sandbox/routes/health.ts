import type { RouteHandler } from './context.ts';

export const healthCheck: RouteHandler = ({ now, version }) => ({
  status: 200,
  body: { status: 'ok', time: now().toISOString(), version },
});
