import { useState } from 'react';
import type { Network } from '@ruwa/contract';
import { suggestNetwork } from '../utils/network';

/**
 * Picks the network from the number as it is typed, until the customer picks one themselves
 * (numbers are portable, so their choice wins). Clearing the number hands the choice back.
 */
export function useNetworkAutoSelect({
  network,
  setNetwork,
}: {
  network: Network | '';
  setNetwork: (network: Network | '') => void;
}) {
  const [manual, setManual] = useState(false);
  const [phone, setPhone] = useState('');
  const suggestion = suggestNetwork(phone);

  return {
    /** The network the number's prefix suggests, for the hint under the field. */
    suggestion,
    /** True when the network on screen came from the number. */
    automatic: !manual && network !== '' && network === suggestion,
    phoneChanged(value: string) {
      setPhone(value);
      const cleared = value.trim() === '';
      if (cleared) setManual(false);
      if (manual && !cleared) return;
      const next = suggestNetwork(value) ?? '';
      if (next !== network) setNetwork(next);
    },
    /** The customer chose the network from the list. */
    networkChosen() {
      setManual(true);
    },
    /** A recent purchase filled both: the network it really went to wins over the prefix. */
    filled(value: string) {
      setPhone(value);
      setManual(true);
    },
  };
}
