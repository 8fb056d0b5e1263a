import { productThumbText } from '../i18n/product-thumb';
import { cn } from '../utils/cn';
import { Icon } from './icons';

/**
 * A product's photo, or a drawn box where it has none; always the same size (`className`, size-12 by
 * default), so nothing moves when it loads.
 */
export function ProductThumb({ imageUrl, className = 'size-12' }: { imageUrl: string | null; className?: string }) {
  return imageUrl ? (
    <img src={imageUrl} alt="" loading="lazy" decoding="async" className={cn('shrink-0 rounded-xl bg-slate-100 object-cover', className)} />
  ) : (
    <span role="img" aria-label={productThumbText.imageMissing} className={cn('inline-flex shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-400', className)}>
      <Icon name="stock" className="size-6" />
    </span>
  );
}
