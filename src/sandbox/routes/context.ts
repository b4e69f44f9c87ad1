import type { FastifyRequest } from 'fastify';
import type { ApiVersion } from '../../shared/api/types.ts';
import type { DemoCompany } from '../companies.ts';
import type { CompanyState, ReceiptKind } from '../model.ts';

export interface RouteContext {
  company: DemoCompany;
  data: CompanyState;
  version: ApiVersion;
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: unknown;
  request: FastifyRequest;
  now: () => Date;
  maxFileBytes: number;
  /** Records an accepted mutation (for exactly-once checks) and schedules a save. */
  commit: (kind: ReceiptKind, ref: string, sha256: string) => void;
}

export interface RouteResult {
  status: number;
  body?: unknown;
}

export type RouteHandler = (ctx: RouteContext) => Promise<RouteResult> | RouteResult;

export function paginate<T>(items: T[], query: Record<string, unknown>) {
  const page = typeof query['page'] === 'number' ? query['page'] : 1;
  const pageSize = typeof query['page_size'] === 'number' ? query['page_size'] : 50;
  return {
    data: items.slice((page - 1) * pageSize, page * pageSize),
    page,
    page_size: pageSize,
    total: items.length,
  };
}
