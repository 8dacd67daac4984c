import { startPreparedServer, type VariantServer } from './servers';

/**
 * A production server on a small seeded database whose highest product id is `farId`:
 * its sitemap is split into an index just as a catalogue of that many products would be.
 */
export function startFarIdServer(farId: number): Promise<VariantServer> {
  return startPreparedServer([['tests/e2e/support/far-product.ts', String(farId)]]);
}
