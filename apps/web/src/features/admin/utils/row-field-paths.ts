/**
 * The paths of a field array's rows as the server names them in a 422 (`cylinders.1.refill_price`):
 * rows numbered as they were sent, for `applyServerErrors`' field list. It lives with the admin forms,
 * its only users, not in the form helpers every screen downloads.
 */
export function rowFieldPaths<List extends string, Field extends string>(
  list: List,
  rowCount: number,
  fields: readonly Field[],
): `${List}.${number}.${Field}`[] {
  return Array.from({ length: rowCount }, (_, index) =>
    fields.map((field) => `${list}.${index}.${field}` as const),
  ).flat();
}
