import { PushAlertsSwitch } from '@/features/live-updates/components/push-alerts-switch';
import { NotificationsScreen } from '@/features/notifications/components/notifications-screen';

export function NotificationsRoute() {
  return <NotificationsScreen alerts={<PushAlertsSwitch label="Order alerts on this phone" />} />;
}
