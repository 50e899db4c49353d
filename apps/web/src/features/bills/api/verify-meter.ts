import { useMutation } from '@tanstack/react-query';
import type { BillVerification, BillVerifyInput } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/** POST bills/verify { service_id, billers_code, type } -> who the meter belongs to (422 on billers_code if unknown). */
export function verifyMeter(input: BillVerifyInput) {
  return api.post<BillVerification>('bills/verify', input).then(({ data }) => data);
}

export function useVerifyMeter() {
  return useMutation({ mutationFn: verifyMeter, meta: { silent: true } });
}
