import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Network } from '@ruwa/contract';
import { TextInput } from '@/components/ui/text-input';
import type { useNetworkAutoSelect } from '../hooks/use-network-auto-select';
import { BuyForMyself } from './buy-for-myself';
import { NetworkField } from './network-field';

type RecipientFieldsProps = {
  /** `register('phone', ...)` and `register('network_id', ...)` of the purchase form. */
  phoneField: UseFormRegisterReturn<'phone'>;
  networkField: UseFormRegisterReturn<'network_id'>;
  phoneError?: string;
  networkError?: string;
  network: Network | '';
  auto: ReturnType<typeof useNetworkAutoSelect>;
  /** The customer's own number, offered as "Buy for myself" when known. */
  ownPhone?: string | null;
  onUseOwnPhone: (phone: string) => void;
};

/** Who the airtime or data is for: the number (or the customer's own), and its network. */
export function RecipientFields({
  phoneField,
  networkField,
  phoneError,
  networkError,
  network,
  auto,
  ownPhone,
  onUseOwnPhone,
}: RecipientFieldsProps) {
  return (
    <>
      <TextInput
        label="Phone Number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        error={phoneError}
        {...phoneField}
      />
      {ownPhone && (
        <BuyForMyself
          onClick={() => {
            onUseOwnPhone(ownPhone);
            auto.phoneChanged(ownPhone);
          }}
        />
      )}
      <NetworkField
        automatic={auto.automatic}
        suggestion={auto.suggestion}
        network={network}
        error={networkError}
        {...networkField}
      />
    </>
  );
}
