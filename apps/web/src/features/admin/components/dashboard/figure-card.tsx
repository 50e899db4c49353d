import type { ReactNode } from 'react';

/** One figure: its name, the number, and an optional line of detail. Used inside a <dl>. */
export function FigureCard({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200" data-figure={label}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {detail && <dd className="mt-1 text-sm text-slate-600">{detail}</dd>}
    </div>
  );
}

/** A titled group of figure cards. */
export function FigureSection({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {note && <p className="text-sm text-slate-600">{note}</p>}
      </div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">{children}</dl>
    </section>
  );
}
