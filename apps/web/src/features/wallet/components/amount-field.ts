import type { UseFormRegisterReturn } from 'react-hook-form';
import { cleanAmountInput } from '../utils/money';

/** A registered amount field that keeps only digits and one decimal point as the user types. */
export function cleanedAmount<Name extends string>(field: UseFormRegisterReturn<Name>): UseFormRegisterReturn<Name> {
  return {
    ...field,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      const cleaned = cleanAmountInput(input.value);
      if (cleaned !== input.value) input.value = cleaned;
      return field.onChange(event);
    },
  };
}
