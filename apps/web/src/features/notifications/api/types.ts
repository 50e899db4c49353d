/** A notification as GET notifications/me returns it (newest first). */
export type AppNotification = {
  id: number;
  kind: string;
  title: string;
  description: string;
  read: boolean;
  created_at: string;
};
