import type { Network } from '@ruwa/contract';

/** The provider's name for a network's airtime service, or for its data bundles. */
export const serviceId = (network: Network, kind: 'airtime' | 'data') =>
  kind === 'airtime' ? network : `${network}-data`;
