/**
 * Everything an API test needs, from one place: the in-process app on a database of its
 * own, signed-in shoppers, request builders and readers of what the calls changed. Test
 * data comes from tests/fixtures (the seed's factories).
 */
export { createTestApp, jsonBody, jsonCaller, type JsonCaller, type TestApp } from './app';
export {
  bearer,
  bearerFor,
  freshAddress,
  newShopper,
  newSeller,
  newShopperWithAddress,
  type ShopperWithAddress,
  randomEmail,
  randomPhone,
  registerShopper,
  request,
  type RegisteredShopper,
} from './shopper';
export { edgeCaller, type EdgeAnswer } from './edge-call';
export { listProducts, type ProductListing } from './catalog';
export { stockOf } from './stock';
export { cartOverShops } from './cart';
