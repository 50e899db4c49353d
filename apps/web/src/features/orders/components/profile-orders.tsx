import { useState, type ReactNode } from 'react';
import type { Subscription } from '@ruwa/contract';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { OrderList } from './order-list';
import { SubscriptionList } from './subscription-list';

type Tab = 'orders' | 'subscriptions';

/**
 * Tabs 'Orders' and 'Subscriptions'. The tab is kept in the address (?tab=) so coming
 * back from an order's detail reopens it.
 */
export function ProfileOrders({
  orderHref,
  receiptHref,
  moreOrders,
  subscriptionExtra,
}: {
  orderHref: (id: number) => string;
  /** Where a purchase's receipt opens, by its reference (SUB-3). */
  receiptHref?: (reference: string) => string;
  /** Other purchases listed with the orders (airtime and data). */
  moreOrders?: ReactNode;
  /** More on each subscription's card (the app passes "Report a problem"). */
  subscriptionExtra?: (subscription: Subscription) => ReactNode;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'subscriptions' ? 'subscriptions' : 'orders';
  const [ordersPage, setOrdersPage] = useState(1);
  const [subscriptionsPage, setSubscriptionsPage] = useState(1);

  return (
    <section aria-labelledby="profile-orders-heading" className="space-y-3">
      <h2 id="profile-orders-heading" className="sr-only">
        Your orders and subscriptions
      </h2>
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setSearchParams(
            (current) => {
              const params = new URLSearchParams(current);
              if (next === 'subscriptions') params.set('tab', next);
              else params.delete('tab');
              return params;
            },
            { replace: true },
          )
        }
      >
        <TabsList>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="subscriptions">Subscriptions</TabsTrigger>
        </TabsList>
        <TabsContent value="orders">
          <div className="space-y-6">
            <OrderList page={ordersPage} onPageChange={setOrdersPage} orderHref={orderHref} />
            {moreOrders}
          </div>
        </TabsContent>
        <TabsContent value="subscriptions">
          <SubscriptionList
            page={subscriptionsPage}
            onPageChange={setSubscriptionsPage}
            receiptHref={receiptHref}
            extra={subscriptionExtra}
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}
