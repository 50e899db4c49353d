import type { ComponentProps } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';

/** Tabs with arrow-key navigation between triggers (Radix), styled as a segmented control. */
export const Tabs = TabsPrimitive.Root;

type TabsListProps = ComponentProps<typeof TabsPrimitive.List> & {
  /** Many tabs: one row that scrolls sideways instead of equal segments. */
  scroll?: boolean;
};

export function TabsList({ className, scroll = false, ...props }: TabsListProps) {
  return (
    <TabsPrimitive.List
      className={cn(
        'gap-1 rounded-xl bg-slate-100 p-1',
        scroll ? 'flex overflow-x-auto' : 'grid auto-cols-fr grid-flow-col',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'h-10 cursor-pointer rounded-lg text-sm font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('pt-4 focus-visible:outline-none', className)} {...props} />;
}
