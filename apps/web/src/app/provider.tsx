import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { onFirstToast } from '@/lib/notify';

// Loaded with the first toast, outside the first-load budget (see lib/notify.ts).
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const [toasterNeeded, setToasterNeeded] = useState(false);
  useEffect(() => onFirstToast(() => setToasterNeeded(true)), []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toasterNeeded && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
