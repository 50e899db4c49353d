/**
 * On the withdraw and add-bank forms, errors show above each field. The field points
 * at the message with `aria-describedby`, so it is read with the field.
 */
export function ErrorAbove({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mb-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** What a field needs to be announced as invalid and described by the message above it. */
export function describedByError(id: string, message: string | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};
}
