import { Wallet } from 'lucide-react';

/** The network failed and the money went back to the wallet: said where the customer is looking. */
export function RefundNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <Wallet className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">The purchase did not go through</p>
        <p>{message}</p>
      </div>
    </div>
  );
}
