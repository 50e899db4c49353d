/** Nigerian banks and their Paystack codes, UBA first (the spec's one offered bank). */
export const SANDBOX_BANKS = [
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Access Bank', code: '044' },
  { name: 'Access Bank (Diamond)', code: '063' },
  { name: 'Ecobank Nigeria', code: '050' },
  { name: 'Fidelity Bank', code: '070' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'First City Monument Bank', code: '214' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Heritage Bank', code: '030' },
  { name: 'Keystone Bank', code: '082' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Moniepoint MFB', code: '50515' },
  { name: 'OPay Digital Services Limited (OPay)', code: '999992' },
  { name: 'PalmPay', code: '999991' },
  { name: 'Polaris Bank', code: '076' },
  { name: 'Providus Bank', code: '101' },
  { name: 'Stanbic IBTC Bank', code: '221' },
  { name: 'Standard Chartered Bank', code: '068' },
  { name: 'Sterling Bank', code: '232' },
  { name: 'Union Bank of Nigeria', code: '032' },
  { name: 'Unity Bank', code: '215' },
  { name: 'Wema Bank', code: '035' },
  { name: 'Zenith Bank', code: '057' },
] as const;

const FIRST = [
  'ADEBAYO',
  'CHIOMA',
  'EMEKA',
  'FUNMILAYO',
  'IBRAHIM',
  'NGOZI',
  'OLUWASEUN',
  'TUNDE',
  'YETUNDE',
  'ZAINAB',
];
const LAST = ['OKAFOR', 'ADEYEMI', 'BELLO', 'EZE', 'OGUNLEYE', 'MUSA', 'NWOSU', 'BALOGUN', 'IBE', 'LAWAL'];

/** A deterministic account holder for any 10-digit number; 0000000000 resolves to nobody. */
export function sandboxAccountName(accountNumber: string): string | null {
  if (!/^\d{10}$/.test(accountNumber) || accountNumber === '0000000000') return null;
  const digits = accountNumber.split('').map(Number);
  return `${FIRST[digits[8]!]} ${LAST[digits[9]!]} ${LAST[(digits[7]! + digits[6]!) % 10]}`;
}

/** Transfers to this account fail and are reversed (DESIGN section 6). */
export const FAILING_ACCOUNT = '9999999999';
