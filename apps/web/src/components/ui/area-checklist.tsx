import { useId } from 'react';

type Area = { id: number; name: string };

/**
 * The locations an agent delivers in, one checkbox each: checking several means open orders and new
 * order alerts come from all of them. The agent sets them in their settings, an admin on the agent's
 * page; each says it in its own words (`legend`, `hint`).
 */
export function AreaChecklist({
  areas,
  value,
  onChange,
  loading,
  error,
  legend,
  hint,
}: {
  areas: Area[] | undefined;
  value: number[];
  onChange: (ids: number[]) => void;
  loading: boolean;
  error?: string;
  legend: string;
  hint: string;
}) {
  const messageId = useId();
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));
  return (
    <fieldset aria-describedby={messageId} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">{legend}</legend>
      {loading ? (
        <p className="text-sm text-slate-600">Loading locations...</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {areas?.map((area) => (
            <li key={area.id}>
              <label className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-base text-slate-900">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={value.includes(area.id)}
                  onChange={(event) => toggle(area.id, event.target.checked)}
                />
                {area.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      <p id={messageId} className={error ? 'mt-1.5 text-sm text-red-700' : 'mt-1.5 text-sm text-slate-600'}>
        {error ?? hint}
      </p>
    </fieldset>
  );
}
