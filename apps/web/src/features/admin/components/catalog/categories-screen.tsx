import { ImageOff } from 'lucide-react';
import { CATEGORY_KIND_LABELS, type Category } from '@ruwa/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { CATEGORY_DELETED, useDeleteCategory } from '../../api/delete-category';
import { useCategories } from '../../api/get-categories';
import { usePageParam } from '@/lib/use-page-param';
import { ListHeader } from './admin-page-header';
import { DeleteAction } from './delete-action';
import { RowActions } from './row-actions';

type CategoriesScreenProps = { createHref: string; onEdit: (category: Category) => void };

/** Columns: #, name, kind, products (count), action. */
export function CategoriesScreen({ createHref, onEdit }: CategoriesScreenProps) {
  const [page, setPage] = usePageParam();
  const { data, isPending, isFetching, isPlaceholderData } = useCategories(page);
  const deleteCategory = useDeleteCategory();

  const columns: Column<Category>[] = [
    {
      header: 'Name',
      cell: (category) => (
        <span className="flex items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100">
            {category.image ? (
              <ResponsiveImage src={category.image} alt="" width={36} height={36} className="size-full object-cover" />
            ) : (
              <ImageOff className="size-4 text-slate-400" aria-hidden="true" />
            )}
          </span>
          <span>
            <span className="block font-medium text-slate-900">{category.name}</span>
            {!category.enabled && <span className="text-xs text-slate-600">Disabled</span>}
          </span>
        </span>
      ),
    },
    { header: 'Kind', cell: (category) => CATEGORY_KIND_LABELS[category.kind] ?? category.kind },
    { header: 'Products', cell: (category) => category.products_count, className: 'tabular-nums' },
    {
      header: 'Action',
      cell: (category) => (
        <RowActions name={category.name} onEdit={() => onEdit(category)}>
          <DeleteAction
            name={category.name}
            noun="category"
            successMessage={CATEGORY_DELETED}
            onDelete={() => deleteCategory.mutateAsync(category.id)}
          />
        </RowActions>
      ),
      className: 'w-48',
    },
  ];

  return (
    <div className="space-y-4">
      <ListHeader title="Product Category" createHref={createHref} createLabel="Create category" />
      <DataTable
        caption="Product categories"
        columns={columns}
        rows={data?.data}
        rowKey={(category) => category.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={data ? (data.current_page - 1) * data.per_page + 1 : 1}
        onRowClick={onEdit}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Categories pages" />
    </div>
  );
}
