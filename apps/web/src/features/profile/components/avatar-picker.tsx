import { Avatar } from '@/components/ui/avatar';
import { PhotoUploadButton } from '@/components/ui/photo-upload-button';

type AvatarPickerProps = {
  /** The chosen image as a data URL, else the current picture. */
  src: string | null;
  firstName: string;
  lastName: string;
  onPick: (dataUrl: string) => void;
};

export function AvatarPicker({ src, firstName, lastName, onPick }: AvatarPickerProps) {
  return (
    <div className="flex flex-col items-center gap-3">
      <Avatar src={src} firstName={firstName} lastName={lastName} size="lg" />
      <PhotoUploadButton label="Change photo" onPick={onPick} />
    </div>
  );
}
