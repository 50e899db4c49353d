import { detectNetwork, type Network } from '@ruwa/contract';

/** Digits typed so far, in the local form (0XXXXXXXXXX), or null when it is not a Nigerian number. */
function localDigits(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '');
  if (/^\+?234\d*$/.test(compact)) return `0${compact.replace(/^\+?234/, '')}`;
  return /^0\d*$/.test(compact) ? compact : null;
}

/**
 * The network a number's prefix suggests while it is still being typed. The contract's
 * `detectNetwork` wants a whole number, so the digits typed so far are padded out to eleven: from
 * the fourth digit on ('0803') the suggestion appears, and a longer prefix ('07025') refines it.
 */
export function suggestNetwork(text: string): Network | null {
  const digits = localDigits(text);
  if (!digits || digits.length < 4 || digits.length > 11) return null;
  return detectNetwork(digits.padEnd(11, '0'));
}
