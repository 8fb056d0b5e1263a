import { useEffect, useRef, useState } from 'react';
import type { Upload } from '@gerai/contract';
import { API_BASE } from '@/shared/config/app';
import { t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { Icon } from '@/shared/ui/icons';

const text = returnsText.photo;

/** Where a stored upload is read, with the session (only people who may see its store may). */
export const uploadSrc = (uploadId: string) => `${API_BASE}/uploads/${encodeURIComponent(uploadId)}`;

/** A return's photos as thumbnails; a tap shows one over the screen, a tap (or Escape) closes it. */
export function PhotoGallery({ photos, emptyText }: { photos: readonly Upload[]; emptyText: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <>
      <ul className="grid grid-cols-3 gap-2" data-testid="return-gallery">
        {photos.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={t(text.open, { n: i + 1 })}
              className="block aspect-square w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
              data-testid={`return-thumb-${i + 1}`}
            >
              <img src={uploadSrc(p.id)} alt={t(text.alt, { n: i + 1 })} loading="lazy" className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && photos[open] ? <PhotoViewer photo={photos[open]} n={open + 1} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function PhotoViewer({ photo, n, onClose }: { photo: Upload; n: number; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div role="dialog" aria-modal="true" aria-label={t(text.alt, { n })} className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/90 p-2" onClick={onClose} data-testid="return-photo-viewer">
      <img src={uploadSrc(photo.id)} alt={t(text.alt, { n })} className="max-h-full max-w-full rounded-lg object-contain" />
      <button ref={close} type="button" onClick={onClose} aria-label={text.close} className="absolute top-[calc(0.5rem+env(safe-area-inset-top))] right-2 inline-flex size-11 items-center justify-center rounded-full bg-white/15 text-white">
        <Icon name="close" />
      </button>
    </div>
  );
}
