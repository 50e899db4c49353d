/**
 * Airtime and data: what routes, jobs and other modules may use. The work is done in the files
 * beside this one, each by job.
 */
export { ensureDataBundles, listBundles, syncBundlesFromProvider, updateBundle } from './bundles';
export { refundToCard } from './card-refunds';
export { buy, getMyPurchase, listMyPurchases, ownsPurchase, registerVtuPurposes } from './purchases';
export { ledgerReferencesOf, vendsCreatedBetween, vtuStats } from './reads';
export { requeryPending } from './vending';
export { getMyBill, listBillServices, listMyBills, payBill, registerBillPurposes, verifyMeter } from './bills';
export { onProviderCallback } from './vending';
