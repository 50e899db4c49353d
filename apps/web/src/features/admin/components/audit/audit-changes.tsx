import { auditChangeRows } from './audit-format';

/** The fields a change touched, in words, with their values before and after. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const rows = auditChangeRows(before, after);
  if (rows.length === 0) return <p className="text-sm text-slate-600">No field values were recorded.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Changed fields</caption>
      <thead className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <tr>
          <th scope="col" className="py-1 pr-4">
            Field
          </th>
          <th scope="col" className="py-1 pr-4">
            Before
          </th>
          <th scope="col" className="py-1">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.path} className="border-t border-slate-200 align-top">
            <th scope="row" className="py-1.5 pr-4 font-medium text-slate-800">
              {row.field}
            </th>
            <td className="py-1.5 pr-4 break-words text-slate-700">{row.before}</td>
            <td className="py-1.5 break-words text-slate-900">{row.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
