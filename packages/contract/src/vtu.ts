import { z } from 'zod';
import { formatNaira } from './money';
import { numeric } from './numbers';
import { idField, nairaPrice } from './catalog';
import { normalizeNigerianPhone } from './phone';
import { walletPin } from './wallet';
import { paymentReference, requireCardReference } from './payment-reference';

export const NETWORKS = ['mtn', 'glo', 'airtel', 'etisalat'] as const;
export type Network = (typeof NETWORKS)[number];
export const NETWORK_LABELS: Record<Network, string> = {
  mtn: 'MTN',
  glo: 'Glo',
  airtel: 'Airtel',
  etisalat: '9mobile',
};

/** Number prefixes by network. Numbers are portable, so this is a suggestion the user can change. */
export const NETWORK_PREFIXES: Record<Network, readonly string[]> = {
  mtn: [
    '0703',
    '0704',
    '0706',
    '0707',
    '07025',
    '07026',
    '0803',
    '0806',
    '0810',
    '0813',
    '0814',
    '0816',
    '0903',
    '0906',
    '0913',
    '0916',
  ],
  glo: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  airtel: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0911', '0912'],
  etisalat: ['0809', '0817', '0818', '0908', '0909'],
};

/** The network a number's prefix suggests (longest prefix wins), or null. Accepts 0..., 234..., +234... */
export function detectNetwork(phone: string): Network | null {
  const international = normalizeNigerianPhone(phone);
  if (!international) return null;
  const local = `0${international.slice(4)}`;
  let best: { network: Network; length: number } | null = null;
  for (const network of NETWORKS) {
    for (const prefix of NETWORK_PREFIXES[network]) {
      if (local.startsWith(prefix) && prefix.length > (best?.length ?? 0)) best = { network, length: prefix.length };
    }
  }
  return best?.network ?? null;
}

export const AIRTIME_MIN_NAIRA = 50;
export const AIRTIME_MAX_NAIRA = 50_000;
export const DUPLICATE_WINDOW_SECONDS = 30;

export const vtuPhone = z
  .string({ error: 'The phone field is required.' })
  .trim()
  .min(1, 'The phone field is required.')
  .transform((value, ctx) => {
    const normalized = normalizeNigerianPhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: 'Enter a Nigerian mobile number like 08031234567.' });
      return z.NEVER;
    }
    return normalized;
  });

export const networkField = z.enum(NETWORKS, { error: 'Choose a network: MTN, Glo, Airtel or 9mobile.' });

export const AIRTIME_WHOLE_NAIRA = 'Enter a whole naira amount, e.g. 100.';

export const airtimeInput = z.object({
  amount: numeric(
    z
      .number({ error: 'The amount must be a number.' })
      .max(AIRTIME_MAX_NAIRA, {
        message: `The maximum airtime is ${formatNaira(AIRTIME_MAX_NAIRA)}.`,
        abort: true,
      })
      // Whole naira before the minimum: "12.5" is wrong for its kobo, not for being small.
      .int({ message: AIRTIME_WHOLE_NAIRA, abort: true })
      .min(AIRTIME_MIN_NAIRA, `The minimum airtime is ${formatNaira(AIRTIME_MIN_NAIRA)}.`),
  ),
  phone: vtuPhone,
  network_id: networkField,
});

export const dataInput = z.object({
  phone: vtuPhone,
  network_id: networkField,
  variation_id: idField('data bundle'),
  /** What the customer saw; it must equal the server's price. */
  price: numeric(z.number({ error: 'The price must be a number.' }).positive('The price must be greater than 0.')),
});

const payment = {
  transaction_id: paymentReference('transaction_id').optional(),
  /** Needed with the wallet once the customer has set a wallet PIN. */
  pin: walletPin.optional(),
  payment_method: z.enum(['card', 'wallet']).default('card'),
  confirm_duplicate: z.boolean().default(false),
};

export const airtimeBody = airtimeInput.extend(payment).superRefine(requireCardReference);
export const dataBody = dataInput.extend(payment).superRefine(requireCardReference);

export type { DataBundle, DataBundleSync, VtuPurchase } from './replies/vtu';

export const VTU_STATUSES = ['pending', 'delivered', 'failed', 'refunded'] as const;
export type VtuStatus = (typeof VTU_STATUSES)[number];

/** Where a refused card-paid purchase's refund stands once the customer sent it back to the card. */
export const CARD_REFUND_STATUSES = ['requested', 'pending', 'processed', 'failed'] as const;
/** How long after a card-paid purchase its wallet refund may still be sent back to the card. */
export const CARD_REFUND_WINDOW_DAYS = 30;

/** POST vtu/card-refund: send a refused card-paid purchase's wallet refund back to the card. */
export const vtuCardRefundBody = z.object({ id: idField('purchase') });

/**
 * The data bundle table the server seeds (MTN 10, Glo 11, Airtel 17, 9mobile 4),
 * prices in naira. Admins can change prices and switch bundles off afterwards.
 */
export const DATA_BUNDLE_SEED: { network: Network; variation_code: string; name: string; price: number }[] = [
  { network: 'mtn', variation_code: 'mtn-100mb-1d', name: '100MB 1 day', price: 99 },
  { network: 'mtn', variation_code: 'mtn-500mb-30d', name: '500MB 30 days', price: 200 },
  { network: 'mtn', variation_code: 'mtn-1gb-30d', name: '1GB 30 days', price: 339 },
  { network: 'mtn', variation_code: 'mtn-2gb-30d', name: '2GB 30 days', price: 678 },
  { network: 'mtn', variation_code: 'mtn-3gb-30d', name: '3GB 30 days', price: 1017 },
  { network: 'mtn', variation_code: 'mtn-5gb-30d', name: '5GB 30 days', price: 1695 },
  { network: 'mtn', variation_code: 'mtn-10gb-30d', name: '10GB 30 days', price: 3399 },
  { network: 'mtn', variation_code: 'mtn-15gb-30d', name: '15GB 30 days', price: 4999 },
  { network: 'mtn', variation_code: 'mtn-20gb-30d', name: '20GB 30 days', price: 5999 },
  { network: 'mtn', variation_code: 'mtn-40gb-30d', name: '40GB 30 days', price: 10999 },
  { network: 'glo', variation_code: 'glo-1gb-5n', name: '1GB 5 nights', price: 99 },
  { network: 'glo', variation_code: 'glo-105mb-2d', name: '105MB 2 days', price: 100 },
  { network: 'glo', variation_code: 'glo-350mb-7d', name: '350MB 7 days', price: 200 },
  { network: 'glo', variation_code: 'glo-1-35gb-14d', name: '1.35GB 14 days', price: 500 },
  { network: 'glo', variation_code: 'glo-2-9gb-30d', name: '2.9GB 30 days', price: 1000 },
  { network: 'glo', variation_code: 'glo-4-1gb-30d', name: '4.1GB 30 days', price: 1500 },
  { network: 'glo', variation_code: 'glo-5-8gb-30d', name: '5.8GB 30 days', price: 2000 },
  { network: 'glo', variation_code: 'glo-7-7gb-30d', name: '7.7GB 30 days', price: 2500 },
  { network: 'glo', variation_code: 'glo-10gb-30d', name: '10GB 30 days', price: 3000 },
  { network: 'glo', variation_code: 'glo-13-25gb-30d', name: '13.25GB 30 days', price: 4000 },
  { network: 'glo', variation_code: 'glo-18-25gb-30d', name: '18.25GB 30 days', price: 5000 },
  { network: 'airtel', variation_code: 'airtel-1gb-gift', name: '1GB gift 30 days', price: 339 },
  { network: 'airtel', variation_code: 'airtel-75mb-1d', name: '75MB 1 day', price: 75 },
  { network: 'airtel', variation_code: 'airtel-200mb-3d', name: '200MB 3 days', price: 200 },
  { network: 'airtel', variation_code: 'airtel-350mb-7d', name: '350MB 7 days', price: 300 },
  { network: 'airtel', variation_code: 'airtel-750mb-14d', name: '750MB 14 days', price: 500 },
  { network: 'airtel', variation_code: 'airtel-1-5gb-30d', name: '1.5GB 30 days', price: 1000 },
  { network: 'airtel', variation_code: 'airtel-2gb-30d', name: '2GB 30 days', price: 1200 },
  { network: 'airtel', variation_code: 'airtel-3gb-30d', name: '3GB 30 days', price: 1500 },
  { network: 'airtel', variation_code: 'airtel-4-5gb-30d', name: '4.5GB 30 days', price: 2000 },
  { network: 'airtel', variation_code: 'airtel-6gb-30d', name: '6GB 30 days', price: 2500 },
  { network: 'airtel', variation_code: 'airtel-10gb-30d', name: '10GB 30 days', price: 3000 },
  { network: 'airtel', variation_code: 'airtel-11gb-30d', name: '11GB 30 days', price: 4000 },
  { network: 'airtel', variation_code: 'airtel-20gb-30d', name: '20GB 30 days', price: 5000 },
  { network: 'airtel', variation_code: 'airtel-40gb-30d', name: '40GB 30 days', price: 10000 },
  { network: 'airtel', variation_code: 'airtel-75gb-30d', name: '75GB 30 days', price: 15000 },
  { network: 'airtel', variation_code: 'airtel-120gb-30d', name: '120GB 30 days', price: 20000 },
  { network: 'airtel', variation_code: 'airtel-200gb-30d', name: '200GB 30 days', price: 30000 },
  { network: 'etisalat', variation_code: 'etisalat-1gb-30d', name: '1GB 30 days', price: 989 },
  { network: 'etisalat', variation_code: 'etisalat-500mb-30d', name: '500MB 30 days', price: 500 },
  { network: 'etisalat', variation_code: 'etisalat-2gb-30d', name: '2GB 30 days', price: 1200 },
  { network: 'etisalat', variation_code: 'etisalat-4-5gb-30d', name: '4.5GB 30 days', price: 2000 },
];

/** POST admin/data-bundles/update: a new price (naira) and/or the on/off switch. */
export const dataBundleUpdateBody = z.object({
  id: idField(),
  price: nairaPrice('price').optional(),
  enabled: z.boolean().optional(),
});
