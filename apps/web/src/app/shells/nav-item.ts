import type { ComponentType } from 'react';
import type { LucideIcon } from 'lucide-react';

/** One entry of a shell's navigation; each shell keeps its list in one array. */
export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (not on paths below it). */
  end?: boolean;
  /**
   * Renders the label with something added, e.g. an unread count; it gives the link its whole
   * accessible name ('Notification, 3 unread').
   */
  badge?: ComponentType<{ label: string }>;
  /**
   * The API path the screen reads first: the admin shell shows the entry only to staff whose role
   * may call it (STAFF_POLICY), so nobody is sent to a screen that would answer 403; without one, an
   * admin entry shows to owners only.
   */
  api?: string;
};
