import { ELECTRICITY_SERVICES, formatNaira, koboToNaira } from '@ruwa/contract';

/** A biller's name as customers know it, from the provider's service id. */
export const billerName = (serviceId: string | null) =>
  ELECTRICITY_SERVICES.find((service) => service.service_id === serviceId)?.name ?? serviceId ?? '';

const amount = (kobo: number) => formatNaira(koboToNaira(kobo));

/** Everything a customer reads about an electricity payment, from the API, its notifications and SMS. */
export const BILL_TEXTS = {
  unknownMeter: 'We could not find this meter. Check the number, the company and prepaid or postpaid.',
  verifyUnavailable: 'We could not check the meter just now. Please try again in a minute.',
  duplicate: (kobo: number, meter: string, seconds: number) =>
    `You paid ${amount(kobo)} to meter ${meter} less than ${seconds} seconds ago. Pay it again?`,
  walletDescription: (biller: string, meter: string) => `Electricity: ${biller} meter ${meter}`,
  receiptWhat: (biller: string, meter: string, meterType: string) =>
    `${biller} ${meterType} electricity, meter ${meter}`,
  replies: {
    delivered: 'Paid: your electricity is on its way to the meter',
    pending: 'Processing: we will confirm shortly',
    refunded: 'The electricity company could not take this payment. Your money has been sent back.',
  },
  delivered: {
    title: 'Electricity paid',
    prepaid: (kobo: number, meter: string, token: string, units: string | null) =>
      `${amount(kobo)} for meter ${meter}: your token is ${token}${units ? ` (${units})` : ''}.`,
    postpaid: (kobo: number, meter: string) => `${amount(kobo)} was paid to the account of meter ${meter}.`,
  },
  refunded: {
    title: 'Electricity payment failed: money refunded',
    description: (kobo: number, meter: string) =>
      `The electricity company could not take ${amount(kobo)} for meter ${meter}. The money is back in your wallet.`,
    wallet: (meter: string) => `Refund: electricity for meter ${meter} failed`,
  },
  sms: (biller: string, meter: string, token: string, units: string | null, reference: string) =>
    `Ruwa: ${biller} token for meter ${meter}: ${token}${units ? `, ${units}` : ''}. Ref ${reference}.`,
} as const;
