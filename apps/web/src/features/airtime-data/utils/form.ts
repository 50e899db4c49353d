import { NETWORKS, type Network } from '@ruwa/contract';

export function asNetwork(value: string | undefined): Network | '' {
  return (NETWORKS as readonly string[]).includes(value ?? '') ? (value as Network) : '';
}

/** A whole-naira amount as typed, or null while it is not one. */
export function wholeNaira(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  return /^\d{1,9}$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
}
