import { UserRound } from 'lucide-react';

/** Puts the customer's own number in the phone field: most top-ups are for oneself. */
export function BuyForMyself({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-mt-2 inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <UserRound className="size-4" aria-hidden="true" />
      Buy for myself
    </button>
  );
}
