import { Icon, type IconName } from '../ui/icons';
import type { ModalImageType } from './modal-types';

const IMAGES: Record<Exclude<ModalImageType, 'none'>, { icon: IconName; tone: string }> = {
  error: { icon: 'alert', tone: 'bg-red-50 text-red-600' },
  warning: { icon: 'alert', tone: 'bg-amber-50 text-amber-600' },
  success: { icon: 'check', tone: 'bg-emerald-50 text-emerald-600' },
  info: { icon: 'info', tone: 'bg-sky-50 text-sky-600' },
  update: { icon: 'update', tone: 'bg-brand-50 text-brand-700' },
};

export function ModalImage({ type }: { type: ModalImageType }) {
  if (type === 'none') return null;
  const image = IMAGES[type];
  return (
    <div className={`mx-auto flex size-16 items-center justify-center rounded-full ${image.tone}`}>
      <Icon name={image.icon} className="size-9" />
    </div>
  );
}
