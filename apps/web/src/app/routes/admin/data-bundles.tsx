import { DataBundlesScreen } from '@/features/admin/components/data-bundles/data-bundles-screen';

export function AdminDataBundlesRoute() {
  return <DataBundlesScreen />;
}
