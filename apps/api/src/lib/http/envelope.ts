import type { Envelope } from '@ruwa/contract';

/** Every success answer: `{ message, data }`. */
export function ok<T>(data: T, message = 'Success'): Envelope<T> {
  return { message, data };
}
