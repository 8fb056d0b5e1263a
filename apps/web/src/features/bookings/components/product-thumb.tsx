import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';

/** A product's picture at a fixed size (a placeholder without one), so nothing moves when it loads. */
export function ProductThumb({ imageUrl, large = false }: { imageUrl: string | null; large?: boolean }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-100 text-slate-400', large ? 'size-16' : 'size-12')}>
      {imageUrl ? <img src={imageUrl} alt="" loading="lazy" className="size-full object-cover" /> : <Icon name="stock" className="size-6" />}
    </span>
  );
}
