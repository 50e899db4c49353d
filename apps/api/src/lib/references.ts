import { randomBytes } from 'node:crypto';

/**
 * A reference for a money event that customers, support and providers can quote: a prefix saying
 * what it is (RUWA for card payments, WALLET for wallet purchases, WD for withdrawals...), the time
 * in base 36 so references sort roughly by age, and 48 random bits so two never meet.
 */
export function newReference(prefix: string): string {
  return `${prefix}_${Date.now().toString(36).toUpperCase()}_${randomBytes(6).toString('hex').toUpperCase()}`;
}
