import { useId, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { imageUrlForWidth } from '@/components/ui/responsive-image';
import { notifyError } from '@/lib/notify';
import { CATALOG_IMAGE_RULES, readAsDataUrl, validateImage } from '@/lib/image-file';

type ImageFieldProps = {
  label: string;
  /** The image the record has now (a URL), shown until another is chosen. */
  currentUrl?: string | null;
  /** The newly chosen image as a data URL. */
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  /** A server message for base64_photos. */
  error?: string;
  /**
   * Told when a picked file is refused (with why) and when that is over (null). The form must not
   * save while a refused image is showing: the record would be saved without it, under an error.
   */
  onRefusedChange?: (problem: string | null) => void;
};

/** One image with a preview; the choice is checked here, before anything is uploaded. */
export function ImageField({ label, currentUrl, value, onChange, error, onRefusedChange }: ImageFieldProps) {
  const inputId = useId();
  const [problem, setProblemState] = useState<string | null>(null);
  const setProblem = (next: string | null) => {
    setProblemState(next);
    onRefusedChange?.(next);
  };
  // The 96 px preview needs the 320 px copy at most, not the full-size fallback.
  const preview = value ?? (currentUrl ? imageUrlForWidth(currentUrl, 320) : null);
  const message = problem ?? error;

  async function pick(file: File | undefined) {
    if (!file) return;
    const invalid = validateImage(file, CATALOG_IMAGE_RULES);
    setProblem(invalid);
    if (invalid) {
      notifyError(invalid);
      return;
    }
    try {
      onChange(await readAsDataUrl(file));
    } catch {
      setProblem('The image could not be read. Try another one.');
    }
  }

  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium text-slate-800" aria-hidden="true">
        {label}
      </span>
      <div className="flex items-center gap-4">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
          {preview ? (
            <img
              src={preview}
              alt={value ? 'Preview of the chosen image' : 'Current image'}
              className="size-full object-cover"
            />
          ) : (
            <ImagePlus className="size-8 text-slate-400" aria-hidden="true" />
          )}
        </div>
        <div className="space-y-2">
          <input
            id={inputId}
            type="file"
            accept={CATALOG_IMAGE_RULES.accept}
            className="peer sr-only"
            aria-label={label}
            aria-describedby={message ? `${inputId}-message` : `${inputId}-hint`}
            aria-invalid={message ? true : undefined}
            onChange={(event) => {
              void pick(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
          <label
            htmlFor={inputId}
            className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg bg-brand-50 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
          >
            {preview ? 'Change image' : 'Choose image'}
          </label>
          {(value || problem) && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
            >
              <X className="size-4" aria-hidden="true" />
              Remove chosen image
            </Button>
          )}
          <p id={`${inputId}-hint`} className="text-xs text-slate-600">
            JPG, PNG or WebP, up to 2 MB.
          </p>
        </div>
      </div>
      {message && (
        <p id={`${inputId}-message`} className="text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
