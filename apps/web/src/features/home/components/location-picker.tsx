import { useEffect, useId, useRef } from 'react';
import { ArrowLeft } from 'lucide-react';
import type { Category, Location } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { imageUrlForWidth } from '@/components/ui/responsive-image';
import { SelectField } from '@/components/ui/select-field';

export const LOCATION_PLACEHOLDER = 'Select your location';

type LocationPickerProps = {
  category: Category;
  locations: Location[] | undefined;
  isLoading: boolean;
  locationId: string;
  onLocationChange: (locationId: string) => void;
  onBack: () => void;
  onSubmit: () => void;
};

/** After a category is chosen, where to deliver it. */
export function LocationPicker({
  category,
  locations,
  isLoading,
  locationId,
  onLocationChange,
  onBack,
  onSubmit,
}: LocationPickerProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The grid the user was on is gone; take them (and their screen reader) to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" aria-label="Back" onClick={onBack}>
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Button>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
          My Location
        </h2>
      </div>
      <p className="flex items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
        {category.image && (
          <img
            src={imageUrlForWidth(category.image, 160)}
            alt=""
            width={40}
            height={40}
            className="size-10 rounded-lg object-cover"
          />
        )}
        <span>
          <span className="block text-xs text-slate-600">Product</span>
          <span className="font-semibold text-slate-900">{category.name}</span>
        </span>
      </p>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (locationId) onSubmit();
        }}
      >
        <SelectField
          label="Location"
          placeholder={LOCATION_PLACEHOLDER}
          value={locationId}
          onChange={(event) => onLocationChange(event.target.value)}
          disabled={isLoading && !locations}
          hint={locations && locations.length === 0 ? 'We do not deliver anywhere yet. Check back soon.' : undefined}
        >
          {locations?.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" block disabled={!locationId}>
          Submit
        </Button>
      </form>
    </section>
  );
}
