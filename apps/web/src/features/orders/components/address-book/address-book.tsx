import { useState } from 'react';
import { MapPin, Plus } from 'lucide-react';
import type { SavedAddress } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteSavedAddress } from '../../api/delete-saved-address';
import { useSavedAddresses } from '../../api/saved-addresses';
import { useUpdateSavedAddress } from '../../api/update-saved-address';
import { ListError, ListSkeleton } from '../list-states';
import { AddressForm } from './address-form';

/** Which form is open: none, a new address, or the one being edited. */
type Editing = null | 'new' | number;

/** The customer's saved delivery addresses: add, edit, delete, and choose the default. */
export function AddressBook() {
  const addresses = useSavedAddresses();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  return (
    <div className="space-y-4">
      {editing === 'new' ? (
        <AddressForm onDone={close} onCancel={close} />
      ) : (
        <Button size="sm" onClick={() => setEditing('new')} disabled={addresses.isPending}>
          <Plus className="size-4" aria-hidden="true" />
          Add an address
        </Button>
      )}
      {addresses.isPending ? (
        <ListSkeleton label="Loading your addresses" />
      ) : addresses.isError ? (
        <ListError message="Your addresses could not be loaded." onRetry={() => void addresses.refetch()} />
      ) : addresses.data.length === 0 ? (
        editing !== 'new' && (
          <div className="rounded-xl bg-white px-4 py-10 text-center text-slate-700 ring-1 ring-slate-200">
            <MapPin className="mx-auto size-6 text-slate-500" aria-hidden="true" />
            <p className="mt-2">No saved addresses yet.</p>
            <p className="text-sm text-slate-600">Save one here or at checkout, and pick it next time.</p>
          </div>
        )
      ) : (
        <ul aria-label="Saved addresses" className="space-y-3">
          {addresses.data.map((address) => (
            <li key={address.id}>
              {editing === address.id ? (
                <AddressForm address={address} onDone={close} onCancel={close} />
              ) : (
                <AddressCard address={address} onEdit={() => setEditing(address.id)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddressCard({ address, onEdit }: { address: SavedAddress; onEdit: () => void }) {
  const update = useUpdateSavedAddress();
  return (
    <article
      aria-labelledby={`address-${address.id}-label`}
      className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`address-${address.id}-label`} className="font-semibold text-slate-900">
          {address.label}
        </h2>
        {address.is_default && (
          <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">Default</span>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Address</dt>
        <dd className="break-words text-slate-900">{address.address}</dd>
        {address.landmark && (
          <>
            <dt className="text-slate-600">Landmark</dt>
            <dd className="break-words text-slate-900">{address.landmark}</dd>
          </>
        )}
        <dt className="text-slate-600">Location</dt>
        <dd className="text-slate-900">{address.location_name}</dd>
      </dl>
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        {!address.is_default && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Make ${address.label} the default`}
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: address.id, is_default: true },
                {
                  onSuccess: () => notifySuccess(`${address.label} is now your default address`),
                  onError: (error) => notifyError(error.message),
                },
              )
            }
          >
            Make default
          </Button>
        )}
        <Button size="sm" variant="outline" aria-label={`Edit ${address.label}`} onClick={onEdit}>
          Edit
        </Button>
        <DeleteAddress address={address} />
      </div>
    </article>
  );
}

function DeleteAddress({ address }: { address: SavedAddress }) {
  const remove = useDeleteSavedAddress();
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="ghost-danger" aria-label={`Delete ${address.label}`}>
          Delete
        </Button>
      }
      title={`Delete ${address.label}?`}
      description={`${address.address} will no longer be offered at checkout. Orders already placed keep their address.`}
      confirmLabel="Delete address"
      loading={remove.isPending}
      onConfirm={() =>
        remove.mutate(address.id, {
          onSuccess: () => {
            setOpen(false);
            notifySuccess('The address has been deleted');
          },
          onError: (error) => {
            setOpen(false);
            notifyError(error.message);
          },
        })
      }
    />
  );
}
