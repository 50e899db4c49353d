import type { SavedAddress } from '@ruwa/contract';
import { SelectField } from '@/components/ui/select-field';

export const NEW_ADDRESS = 'new';

type SavedAddressFieldProps = {
  /** The customer's addresses in this area, the one to preselect (last used) first. */
  addresses: SavedAddress[];
  value: string;
  onChange: (address: SavedAddress | null) => void;
};

/** Picks a saved address (filling the address and landmark below) or a new one. */
export function SavedAddressField({ addresses, value, onChange }: SavedAddressFieldProps) {
  return (
    <SelectField
      label="Saved address"
      value={value}
      onChange={(event) => onChange(addresses.find((a) => String(a.id) === event.target.value) ?? null)}
    >
      {addresses.map((address) => (
        <option key={address.id} value={address.id}>
          {address.label}: {address.address}
        </option>
      ))}
      <option value={NEW_ADDRESS}>A new address</option>
    </SelectField>
  );
}
