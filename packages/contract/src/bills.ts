import { z } from 'zod';
import { formatNaira } from './money';
import { numeric } from './numbers';
import { paymentReference, requireCardReference } from './payment-reference';
import { vtuPhone } from './vtu';
import { walletPin } from './wallet';

/** The electricity distribution companies VTpass sells for, by its service id. */
export const ELECTRICITY_SERVICES = [
  { service_id: 'ikeja-electric', name: 'Ikeja Electric (IKEDC)' },
  { service_id: 'eko-electric', name: 'Eko Electric (EKEDC)' },
  { service_id: 'abuja-electric', name: 'Abuja Electric (AEDC)' },
  { service_id: 'ibadan-electric', name: 'Ibadan Electric (IBEDC)' },
  { service_id: 'enugu-electric', name: 'Enugu Electric (EEDC)' },
  { service_id: 'portharcourt-electric', name: 'Port Harcourt Electric (PHED)' },
  { service_id: 'kano-electric', name: 'Kano Electric (KEDCO)' },
  { service_id: 'kaduna-electric', name: 'Kaduna Electric (KAEDCO)' },
  { service_id: 'jos-electric', name: 'Jos Electric (JED)' },
  { service_id: 'benin-electric', name: 'Benin Electric (BEDC)' },
  { service_id: 'aba-electric', name: 'Aba Power (APLE)' },
  { service_id: 'yola-electric', name: 'Yola Electric (YEDC)' },
] as const;
export type ElectricityServiceId = (typeof ELECTRICITY_SERVICES)[number]['service_id'];
export const ELECTRICITY_SERVICE_IDS = ELECTRICITY_SERVICES.map((s) => s.service_id) as [
  ElectricityServiceId,
  ...ElectricityServiceId[],
];

/** The least and most one electricity payment may be, in naira (VTpass's limits for the DisCos). */
export const ELECTRICITY_MIN_NAIRA = 1_000;
export const ELECTRICITY_MAX_NAIRA = 500_000;

export const METER_TYPES = ['prepaid', 'postpaid'] as const;
export type MeterType = (typeof METER_TYPES)[number];

export const BILL_CATEGORIES = ['electricity'] as const;
export type BillCategory = (typeof BILL_CATEGORIES)[number];

/** What the bills forms and the API say when a field is wrong. */
export const BILL_FIELD_TEXTS = {
  service: 'Choose your electricity company.',
  meterType: 'Choose prepaid or postpaid.',
  meterNumber: 'Enter the meter number: 11 to 13 digits.',
  amountNumber: 'The amount must be a number.',
  wholeNaira: 'Enter a whole naira amount, e.g. 5000.',
  min: `The least you can pay is ${formatNaira(ELECTRICITY_MIN_NAIRA)}.`,
  max: `The most you can pay at once is ${formatNaira(ELECTRICITY_MAX_NAIRA)}.`,
} as const;

export const billServiceField = z.enum(ELECTRICITY_SERVICE_IDS, { error: BILL_FIELD_TEXTS.service });
export const meterTypeField = z.enum(METER_TYPES, { error: BILL_FIELD_TEXTS.meterType });
export const meterNumberField = z
  .string({ error: BILL_FIELD_TEXTS.meterNumber })
  .trim()
  .regex(/^\d{11,13}$/, BILL_FIELD_TEXTS.meterNumber);

/** POST bills/verify: the meter to look up before any money moves. */
export const billVerifyBody = z.object({
  service_id: billServiceField,
  billers_code: meterNumberField,
  type: meterTypeField,
});
export type BillVerifyInput = z.output<typeof billVerifyBody>;

export const electricityAmount = numeric(
  z
    .number({ error: BILL_FIELD_TEXTS.amountNumber })
    .max(ELECTRICITY_MAX_NAIRA, { message: BILL_FIELD_TEXTS.max, abort: true })
    .int({ message: BILL_FIELD_TEXTS.wholeNaira, abort: true })
    .min(ELECTRICITY_MIN_NAIRA, BILL_FIELD_TEXTS.min),
);

/** An electricity payment as a card payment's metadata carries it (the purpose's input). */
export const billInput = billVerifyBody.extend({
  amount: electricityAmount,
  /** Where the token is sent by SMS. */
  phone: vtuPhone,
});
export type BillInput = z.output<typeof billInput>;

/** POST bills/pay. */
export const billPayBody = billInput
  .extend({
    transaction_id: paymentReference('transaction_id').optional(),
    pin: walletPin.optional(),
    payment_method: z.enum(['card', 'wallet']).default('card'),
    /** The same amount to the same meter within 30 s is asked about first (409 possible_duplicate). */
    confirm_duplicate: z.boolean().default(false),
  })
  .superRefine(requireCardReference);

export type { Bill, BillService, BillVerification } from './replies/bills';

/** A prepaid token in groups of four, as customers key it into the meter (and as receipts print it). */
export const groupToken = (token: string) => token.replace(/(\d{4})(?=\d)/g, '$1 ');
