import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { CylinderPrice, CylinderType } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { SelectField } from '@/components/ui/select-field';

/** The form values these fields own (strings, as form fields hold them). */
export type CylinderValues = { cylinder_size_kg: string; cylinder_type: CylinderType };

/** 12.5 kg, the household standard, when it is offered; else the smallest size. */
export function defaultCylinderSize(cylinders: CylinderPrice[]): string {
  const standard = cylinders.find((c) => c.size_kg === 12.5) ?? cylinders[0];
  return standard ? String(standard.size_kg) : '';
}

/** The chosen size's price for the chosen kind (a refill when new cylinders are not sold in it). */
export function cylinderUnitPrice(cylinders: CylinderPrice[], values: Partial<CylinderValues>) {
  const size = cylinders.find((c) => String(c.size_kg) === values.cylinder_size_kg);
  if (!size) return { size: undefined, type: 'refill' as const, price: 0 };
  const type: CylinderType = values.cylinder_type === 'new' && size.new_price !== null ? 'new' : 'refill';
  return { size, type, price: type === 'new' ? size.new_price! : size.refill_price };
}

type CylinderFieldsProps<Values extends CylinderValues, Checked extends FieldValues> = {
  cylinders: CylinderPrice[];
  form: UseFormReturn<Values, unknown, Checked>;
  errors: { size?: string; type?: string };
};

/** Gas by cylinder: the size (with its refill price) and, where new cylinders are sold, refill or new. */
export function CylinderFields<Values extends CylinderValues, Checked extends FieldValues>({
  cylinders,
  form,
  errors,
}: CylinderFieldsProps<Values, Checked>) {
  // The generic form is narrowed to the two fields this component owns.
  const own = form as unknown as UseFormReturn<CylinderValues>;
  const values = own.watch();
  const { size } = cylinderUnitPrice(cylinders, values);
  return (
    <>
      <SelectField label="Cylinder size" error={errors.size} {...own.register('cylinder_size_kg')}>
        {cylinders.map((c) => (
          <option key={c.size_kg} value={String(c.size_kg)}>
            {c.size_kg} kg: refill {formatNaira(c.refill_price)}
            {c.new_price !== null ? `, new ${formatNaira(c.new_price)}` : ''}
          </option>
        ))}
      </SelectField>
      {size && size.new_price !== null && (
        <SelectField label="Refill or new cylinder" error={errors.type} {...own.register('cylinder_type')}>
          <option value="refill">Refill my cylinder ({formatNaira(size.refill_price)})</option>
          <option value="new">New filled cylinder ({formatNaira(size.new_price)})</option>
        </SelectField>
      )}
    </>
  );
}
