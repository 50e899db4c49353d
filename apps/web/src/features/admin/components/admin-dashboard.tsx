import { CustomersTable } from './customers-table';

export function AdminDashboard() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <CustomersTable />
    </div>
  );
}
