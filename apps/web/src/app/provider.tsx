import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onFirstToast } from '@/lib/notify';

// Loaded with the first toast, outside the first-load budget (see lib/notify.ts).
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

export function AppProvider({ children }: { children: ReactNode }) {
  const [toasterNeeded, setToasterNeeded] = useState(false);
  useEffect(() => onFirstToast(() => setToasterNeeded(true)), []);
  return (
    <>
      {children}
      {toasterNeeded && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
