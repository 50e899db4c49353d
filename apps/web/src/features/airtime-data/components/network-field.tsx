import type { ComponentProps } from 'react';
import { NETWORK_LABELS, NETWORKS, type Network } from '@ruwa/contract';
import { SelectField } from '@/components/ui/select-field';

type NetworkFieldProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children' | 'hint'> & {
  /** The network on screen came from the number's prefix. */
  automatic: boolean;
  /** What the prefix suggests, when the customer chose something else. */
  suggestion: Network | null;
  network: Network | '';
};

function hintFor({ automatic, suggestion, network }: Pick<NetworkFieldProps, 'automatic' | 'suggestion' | 'network'>) {
  if (automatic) return 'Picked from the number. Change it if the number moved to another network.';
  if (network && suggestion && suggestion !== network) {
    return `This number usually belongs to ${NETWORK_LABELS[suggestion]}.`;
  }
  return undefined;
}

/** MTN, Glo, Airtel or 9mobile; suggested from the phone number, always changeable. */
export function NetworkField({ automatic, suggestion, network, ...props }: NetworkFieldProps) {
  return (
    <SelectField
      label="Network"
      placeholder="Select network"
      hint={hintFor({ automatic, suggestion, network })}
      {...props}
    >
      {NETWORKS.map((id) => (
        <option key={id} value={id}>
          {NETWORK_LABELS[id]}
        </option>
      ))}
    </SelectField>
  );
}
