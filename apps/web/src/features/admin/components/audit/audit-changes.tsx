/** Pretty JSON of one side of a change; nothing recorded shows as a dash. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value, null, 2);
}

/** The recorded state before and after the change, side by side on wide screens. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {(
        [
          ['Before', before],
          ['After', after],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="min-w-0">
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</h3>
          <pre className="max-h-72 overflow-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed whitespace-pre-wrap break-all text-slate-100">
            {asText(value)}
          </pre>
        </div>
      ))}
    </div>
  );
}
