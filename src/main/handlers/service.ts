import type { HandlerContext, HandlersOf } from './context.ts';

/** Reads from the service through the active profile's budgeted client. */
export function serviceHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<
  | 'getProductNames'
  | 'listProducts'
  | 'getProduct'
  | 'getInbound'
  | 'listOrders'
  | 'queryInventory'
  | 'queryTrackings'
  | 'lookupOrder'
> {
  return {
    getProductNames: ({ skus }) =>
      asResult(async () => ({ names: await core.productNamesFor(skus) })),
    listProducts: ({ search, page }) =>
      asResult(async () =>
        (await core.api()).listProducts({
          ...(search ? { search } : {}),
          ...(page ? { page } : {}),
          pageSize: 50,
        }),
      ),
    getProduct: ({ sku }) => asResult(async () => (await core.api()).getProduct(sku)),
    getInbound: ({ id }) => asResult(async () => (await core.api()).getInbound(id)),
    listOrders: (query) =>
      asResult(async () => (await core.api()).listOrders({ ...query, pageSize: 50 })),
    queryInventory: ({ sku, warehouse }) =>
      asResult(
        async () =>
          (
            await (
              await core.api()
            ).queryInventory({
              ...(sku ? { sku } : {}),
              ...(warehouse ? { warehouse } : {}),
              batchExpiry: true,
            })
          ).data,
      ),
    queryTrackings: (query) =>
      asResult(async () => (await (await core.api()).queryTrackings(query)).data),
    lookupOrder: async ({ id }) => {
      const result = await asResult(async () => {
        const api = await core.api();
        const [order, trackings] = await Promise.all([
          api.getOrder(id),
          api.queryTrackings({ order: id }),
        ]);
        core.noteOrder(order);
        return { order, trackings: trackings.data, jobs: core.work.orderFiles(id) };
      });
      core.work.recordLookup(id, result.ok ? null : result.error);
      return result;
    },
  };
}
