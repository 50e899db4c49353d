import { BackLink } from '@/components/ui/back-link';
import { AddressBook } from '@/features/orders/components/address-book/address-book';
import { paths } from '../../paths';

export function ProfileAddressesRoute() {
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <BackLink to={paths.app.profile.getHref()} label="Back to profile" />
        <h1 className="text-xl font-bold text-slate-900">Saved addresses</h1>
      </div>
      <AddressBook />
    </div>
  );
}
