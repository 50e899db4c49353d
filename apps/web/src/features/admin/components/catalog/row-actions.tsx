import type { ReactNode } from 'react';
import { Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The 'action' column: Edit (the row does the same on click) and Delete. */
export function RowActions({ name, onEdit, children }: { name: string; onEdit: () => void; children: ReactNode }) {
  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil className="size-4" aria-hidden="true" />
        Edit
      </Button>
      {children}
    </div>
  );
}
