import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifyAlert } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { runEventStream } from '../api/event-stream';
import { ADMIN_ALERT_TOAST_TEXTS as TEXTS } from '../utils/admin-alert-texts';
import { applyLiveEvent, LIVE_KEYS } from '../utils/apply-event';
import { beep } from '../utils/beep';
import { NewOrderBanner, type NewOrder } from './new-order-banner';

/**
 * One event stream for the signed-in session: open screens refresh when their data changes, agents
 * get a banner and a chime for each new order in their area, and admins a toast for an order no
 * agent took in time and for a new agent application (the sidebar badges count them). Mounted once, where the
 * signed-in layout is, through load-live-updates.ts.
 */
export default function LiveUpdates({ openOrdersHref }: { openOrdersHref: string }) {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const lastEventId = useRef<string | null>(null);
  const [newOrder, setNewOrder] = useState<NewOrder | null>(null);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    runEventStream({
      token,
      lastEventId: lastEventId.current,
      signal: controller.signal,
      // What is on screen may have changed before the stream opened, or while it was down for
      // longer than the day of events a replay covers.
      onOpen: () => {
        for (const queryKey of LIVE_KEYS) void queryClient.invalidateQueries({ queryKey });
      },
      onEvent: (event) => {
        lastEventId.current = event.id;
        applyLiveEvent(queryClient, event);
        if (event.type === 'order.unaccepted')
          notifyAlert(TEXTS.unaccepted.title(event.payload), TEXTS.unaccepted.description(event.payload));
        if (event.type === 'agent.applied') notifyAlert(TEXTS.applied.title, TEXTS.applied.description(event.payload));
        if (event.type !== 'order.available') return;
        setNewOrder((shown) => ({
          eventId: event.id,
          area: event.payload.location_name,
          count: shown && shown.area === event.payload.location_name ? shown.count + 1 : 1,
        }));
        beep();
      },
    }).catch(() => undefined);
    return () => controller.abort();
  }, [token, queryClient]);

  return <NewOrderBanner order={newOrder} openOrdersHref={openOrdersHref} onDismiss={() => setNewOrder(null)} />;
}
