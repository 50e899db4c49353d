import { useId } from 'react';
import { Camera } from 'lucide-react';
import { notifyError } from '@/lib/notify';
import { PHOTO_RULES, readAsDataUrl, validateImage } from '@/lib/image-file';

type PhotoUploadButtonProps = {
  /** The button's text, e.g. "Change photo". */
  label: string;
  /** The picked image as a data URL, once it passed the photo rules (JPG or PNG, up to 2 MB). */
  onPick: (dataUrl: string) => void;
};

/**
 * Picks a photo from the phone: a file input behind a button-like label (focusable, with the
 * keyboard's focus ring), checked against the photo rules, a refusal told in a toast.
 */
export function PhotoUploadButton({ label, onPick }: PhotoUploadButtonProps) {
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
    <>
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
        {label}
      </label>
      <p className="text-xs text-slate-600">JPG or PNG, up to 2 MB.</p>
    </>
  );
}
