import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onFirstToast } from '@/lib/notify';
import { TopUpLinkContext } from '@/lib/top-up-link';
import { paths } from './paths';

const topUpHref = (amountNaira: number) => paths.app.walletDeposit.getHref(amountNaira);

// Loaded with the first toast, outside the first-load budget (see lib/notify.ts).
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

export function AppProvider({ children }: { children: ReactNode }) {
  const [toasterNeeded, setToasterNeeded] = useState(false);
  useEffect(() => onFirstToast(() => setToasterNeeded(true)), []);
  return (
    <TopUpLinkContext value={topUpHref}>
      {children}
      {toasterNeeded && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </TopUpLinkContext>
  );
}
