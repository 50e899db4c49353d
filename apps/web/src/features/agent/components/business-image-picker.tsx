import { useId } from 'react';
import { Camera, Store } from 'lucide-react';
import { imageUrlForWidth } from '@/components/ui/responsive-image';
import { notifyError } from '@/lib/notify';
import { PHOTO_RULES, readAsDataUrl, validateImage } from '@/lib/image-file';

type BusinessImagePickerProps = {
  /** The chosen image as a data URL, else the current one. */
  src: string | null;
  businessName: string;
  onPick: (dataUrl: string) => void;
};

/** The business's picture, chosen the way the profile photo is (jpg or png, up to 2 MB). */
export function BusinessImagePicker({ src, businessName, onPick }: BusinessImagePickerProps) {
  const inputId = useId();

  async function handleFile(file: File | undefined) {
    if (!file) return;
    const problem = validateImage(file);
    if (problem) {
      notifyError(problem);
      return;
    }
    try {
      onPick(await readAsDataUrl(file));
    } catch {
      notifyError('The image could not be read. Try another one.');
    }
  }

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
        <input
          id={inputId}
          type="file"
          accept={PHOTO_RULES.accept}
          className="peer sr-only"
          onChange={(event) => {
            void handleFile(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        <label
          htmlFor={inputId}
          className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg bg-brand-50 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
        >
          <Camera className="size-4" aria-hidden="true" />
          Change image
        </label>
        <p className="text-xs text-slate-600">JPG or PNG, up to 2 MB.</p>
      </div>
    </div>
  );
}
