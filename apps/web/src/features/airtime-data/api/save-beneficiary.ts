import { useMutation, useQueryClient } from '@tanstack/react-query';
import { beneficiaryStoreBody, type Beneficiary } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type SaveBeneficiaryInput = z.input<typeof beneficiaryStoreBody>;
/** The name form checks what the API checks. */
export const saveBeneficiarySchema = beneficiaryStoreBody;

/** POST beneficiaries { name, phone, network_id } -> 201 with the saved number (renamed if kept already). */
export function saveBeneficiary(input: SaveBeneficiaryInput) {
  return api.post<Beneficiary>('beneficiaries', input);
}

export function useSaveBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBeneficiary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.vtu.beneficiaries() }),
  });
}
