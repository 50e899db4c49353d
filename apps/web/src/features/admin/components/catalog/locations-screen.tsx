import type { Location } from '@ruwa/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { useDeleteLocation, LOCATION_DELETED } from '../../api/delete-location';
import { useLocations } from '../../api/get-locations';
import { usePageParam } from '@/lib/use-page-param';
import { ListHeader } from './admin-page-header';
import { DeleteAction } from './delete-action';
import { RowActions } from './row-actions';
import { StatusBadge } from './status-badge';

type LocationsScreenProps = { createHref: string; onEdit: (location: Location) => void };

/** Columns: #, name, state, country, approved (the enabled flag), action. */
export function LocationsScreen({ createHref, onEdit }: LocationsScreenProps) {
  const [page, setPage] = usePageParam();
  const { data, isPending, isFetching, isPlaceholderData } = useLocations(page);
  const deleteLocation = useDeleteLocation();

  const columns: Column<Location>[] = [
    { header: 'Name', cell: (location) => location.name, className: 'font-medium text-slate-900' },
    // Stored lower case (the API's values); shown as names.
    { header: 'State', cell: (location) => <span className="capitalize">{location.state}</span> },
    { header: 'Country', cell: (location) => <span className="capitalize">{location.country}</span> },
    { header: 'Approved', cell: (location) => <StatusBadge on={location.enabled} /> },
    {
      header: 'Action',
      cell: (location) => (
        <RowActions name={location.name} onEdit={() => onEdit(location)}>
          <DeleteAction
            name={location.name}
            noun="location"
            successMessage={LOCATION_DELETED}
            onDelete={() => deleteLocation.mutateAsync(location.id)}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <ListHeader title="Locations" createHref={createHref} createLabel="Create location" />
      <DataTable
        caption="Locations"
        columns={columns}
        rows={data?.data}
        rowKey={(location) => location.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={data ? (data.current_page - 1) * data.per_page + 1 : 1}
        onRowClick={onEdit}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Locations pages" />
    </div>
  );
}
