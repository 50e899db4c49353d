import { Store } from 'lucide-react';
import { PhotoUploadButton } from '@/components/ui/photo-upload-button';
import { imageUrlForWidth } from '@/components/ui/responsive-image';

type BusinessImagePickerProps = {
  /** The chosen image as a data URL, else the current one. */
  src: string | null;
  businessName: string;
  onPick: (dataUrl: string) => void;
};

/** The business's picture, chosen the way the profile photo is (jpg or png, up to 2 MB). */
export function BusinessImagePicker({ src, businessName, onPick }: BusinessImagePickerProps) {
  return (
    <div className="flex items-center gap-4">
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-brand-100 text-brand-800">
        {src ? (
          <img src={imageUrlForWidth(src, 320)} alt={`${businessName} picture`} className="size-full object-cover" />
        ) : (
          <Store className="size-8" aria-hidden="true" />
        )}
      </div>
      <div className="space-y-1">
        <PhotoUploadButton label="Change image" onPick={onPick} />
      </div>
    </div>
  );
}
