import { badRequest } from '../errors.ts';
import type { RouteHandler } from './context.ts';

export const queryTrackings: RouteHandler = ({ data, query }) => {
  const { order, id, code } = query as { order?: string; id?: string; code?: string };
  if (order === undefined && id === undefined && code === undefined) {
    throw badRequest('Give at least one of the query parameters order, id or code.', [
      { path: 'query', message: 'needs order, id or code' },
    ]);
  }
  const matches = data.trackings.filter(
    (t) =>
      (order === undefined || t.order === order) &&
      (id === undefined || t.id === id) &&
      (code === undefined || t.code.toUpperCase() === code.toUpperCase()),
  );
  return { status: 200, body: { data: matches } };
};
