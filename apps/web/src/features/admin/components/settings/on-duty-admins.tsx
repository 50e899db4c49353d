import { toLocalPhone } from '@ruwa/contract/phone';
import { SwitchField } from '@/components/ui/switch-field';
import { useAdmins } from '../../api/settings/get-admins';

/** Every text of the on-duty choice, kept together so they can move into the message catalogs. */
export const ON_DUTY_TEXTS = {
  title: 'Admins on duty',
  hint: 'They are texted and e-mailed about an unaccepted order. With nobody on duty, every admin is.',
  everyone: 'Nobody is chosen: every admin is on duty.',
  loading: 'Loading the admins…',
  unreadable: 'The admins could not be read. Reload to choose who is on duty.',
};

/** One switch per active admin; the ids switched on are the admins on duty. */
export function OnDutyAdmins({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const admins = useAdmins();
  const onDuty = new Set(value);
  return (
    <div role="group" aria-labelledby="on-duty-title" aria-describedby="on-duty-hint" className="space-y-2">
      <p id="on-duty-title" className="text-sm font-medium text-slate-800">
        {ON_DUTY_TEXTS.title}
      </p>
      <p id="on-duty-hint" className="text-xs text-slate-600">
        {ON_DUTY_TEXTS.hint}
      </p>
      {admins.isPending && <p className="text-sm text-slate-600">{ON_DUTY_TEXTS.loading}</p>}
      {admins.isError && <p className="text-sm text-red-700">{ON_DUTY_TEXTS.unreadable}</p>}
      {admins.data && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 px-3">
          {admins.data.map((admin) => (
            <li key={admin.id} className="py-3">
              <SwitchField
                bare
                label={`${admin.first_name} ${admin.last_name}`}
                hint={`${toLocalPhone(admin.phone_number)} · ${admin.email}`}
                checked={onDuty.has(admin.id)}
                onCheckedChange={(checked) =>
                  onChange(checked ? [...value, admin.id] : value.filter((id) => id !== admin.id))
                }
              />
            </li>
          ))}
        </ul>
      )}
      {admins.data && onDuty.size === 0 && <p className="text-sm text-slate-700">{ON_DUTY_TEXTS.everyone}</p>}
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
