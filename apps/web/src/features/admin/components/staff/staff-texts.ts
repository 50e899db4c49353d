/** The Staff screen's words. */
export const STAFF_SCREEN_TEXTS = {
  heading: 'Staff',
  intro:
    'Each admin sees and does only their part: finance the money, support customers and their orders, dispatchers who delivers what. Owners do everything, including this screen. Every change is in the audit log.',
  caption: 'Staff',
  name: 'Name',
  email: 'Email',
  role: 'Staff role',
  roleOf: (name: string) => `Staff role of ${name}`,
  changed: (name: string, role: string) => `${name} is now ${role}.`,
  you: '(you)',
  empty: 'No admin accounts yet.',
} as const;
