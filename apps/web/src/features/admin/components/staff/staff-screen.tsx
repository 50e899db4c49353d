import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@ruwa/contract/staff-roles';
import type { Customer } from '@ruwa/contract/replies';
import { DataTable, type Column } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/select-field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useStaff } from '../../api/staff/get-staff';
import { useUpdateStaffRole } from '../../api/staff/update-staff-role';
import { STAFF_SCREEN_TEXTS as T } from './staff-texts';

const nameOf = (member: Customer) => `${member.first_name} ${member.last_name}`;

function RoleSelect({ member }: { member: Customer }) {
  const update = useUpdateStaffRole();
  const change = (staffRole: StaffRole) =>
    update.mutate(
      { id: member.id, staff_role: staffRole },
      {
        onSuccess: () => notifySuccess(T.changed(nameOf(member), STAFF_ROLE_LABELS[staffRole])),
        onError: (error) => notifyError(error.message),
      },
    );
  return (
    <SelectField
      label={T.roleOf(nameOf(member))}
      hideLabel
      value={member.staff_role ?? ''}
      disabled={update.isPending}
      onChange={(event) => change(event.target.value as StaffRole)}
      containerClassName="min-w-36"
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {STAFF_ROLE_LABELS[role]}
        </option>
      ))}
    </SelectField>
  );
}

/** The admins and their staff roles; an owner changes them here (the server keeps one owner at least). */
export function StaffScreen() {
  const { data, isPending } = useStaff();
  const myId = useSession().user?.id;
  const columns: Column<Customer>[] = [
    {
      header: T.name,
      cell: (member) => `${nameOf(member)}${member.id === myId ? ` ${T.you}` : ''}`,
      className: 'font-medium text-slate-900',
    },
    { header: T.email, cell: (member) => <span className="break-all">{member.email}</span> },
    { header: T.role, cell: (member) => <RoleSelect member={member} /> },
  ];
  return (
    <section aria-labelledby="staff-heading" className="space-y-3">
      <h1 id="staff-heading" className="text-2xl font-bold text-slate-900">
        {T.heading}
      </h1>
      <p className="max-w-prose text-sm text-slate-600">{T.intro}</p>
      <DataTable
        caption={T.caption}
        columns={columns}
        rows={data}
        rowKey={(member) => member.id}
        isLoading={isPending}
        firstRowNumber={1}
      />
    </section>
  );
}
