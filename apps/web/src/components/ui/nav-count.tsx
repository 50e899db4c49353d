/** Over this many the count reads '99+' (the accessible name keeps the exact count). */
const MAX_SHOWN = 99;

/**
 * A sidebar entry's label with a count beside it. Screen readers get one phrase ('Orders, 3
 * waiting'), not the label and a bare number read with a pause between them.
 */
export function NavCount({ label, count, unit }: { label: string; count: number | undefined; unit: string }) {
  if (!count) return label;
  return (
    <>
      <span aria-hidden="true" className="flex-1">
        {label}
      </span>
      <span
        aria-hidden="true"
        data-testid="nav-count"
        className="min-w-6 rounded-full bg-red-700 px-2 text-center text-xs leading-5 font-semibold text-white"
      >
        {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
      </span>
      <span className="sr-only">
        {label}, {count} {unit}
      </span>
    </>
  );
}
