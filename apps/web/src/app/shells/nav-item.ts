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
};
