import { useId, useRef, useState } from 'react';
import { RETURN_PHOTOS } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { Icon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { cn } from '@/shared/utils/cn';
import type { PhotoItem, usePhotoUploads } from '../hooks/use-photo-uploads';
import { fieldsText } from '@/shared/i18n/fields';

const text = returnsText.request;
const photoText = returnsText.photo;

/**
 * The photos of a return: the camera (or the gallery) through one file input, each photo a tile
 * with its own state (preparing, uploading, uploaded, failed with a retry) and a remove button.
 */
export function PhotoPicker({ uploads, error, disabled = false }: { uploads: ReturnType<typeof usePhotoUploads>; error: string | null; disabled?: boolean }) {
  const uid = useId();
  const input = useRef<HTMLInputElement>(null);
  const [leftOut, setLeftOut] = useState(0);
  const { photos } = uploads;

  return (
    <section aria-labelledby={`${uid}-title`} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="return-photos">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`${uid}-title`} className="font-semibold text-slate-900">
          {text.photosTitle}
        </h2>
        <span className="text-xs text-slate-500 tabular-nums" data-testid="return-photos-count">
          {t(text.photosCount, { count: photos.length, max: RETURN_PHOTOS.max })}
        </span>
      </div>
      <p className="text-xs text-slate-500">{t(text.photosHint, { min: RETURN_PHOTOS.min, max: RETURN_PHOTOS.max })}</p>
      {photos.length ? (
        <ul className="grid grid-cols-3 gap-2" data-testid="return-photo-list">
          {photos.map((photo, i) => (
            <PhotoTile
              key={photo.key}
              photo={photo}
              n={i + 1}
              onRetry={() => uploads.retry(photo.key)}
              onRemove={() => uploads.remove(photo.key)}
              onChooseOther={() => {
                uploads.remove(photo.key);
                input.current?.click();
              }}
              disabled={disabled}
            />
          ))}
        </ul>
      ) : null}
      {/* The input is hidden; its label is the 44 px button (the camera opens on a phone). */}
      <input
        ref={input}
        id={`${uid}-file`}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        className="sr-only"
        disabled={disabled || uploads.full}
        data-testid="return-photo-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // The same photo can be chosen again after it was removed.
          e.target.value = '';
          setLeftOut(uploads.add(files));
        }}
      />
      <label
        htmlFor={`${uid}-file`}
        aria-disabled={disabled || uploads.full ? true : undefined}
        className={cn(
          'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-brand-700 bg-white px-4 text-base font-semibold text-brand-700 active:bg-brand-100',
          (disabled || uploads.full) && 'pointer-events-none opacity-50',
        )}
        data-testid="return-photo-add"
      >
        <Icon name="camera" className="size-5" />
        {text.addPhoto}
      </label>
      {leftOut > 0 ? <p className="text-sm text-amber-800">{t(text.photosTooMany, { max: RETURN_PHOTOS.max })}</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="return-photos-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function PhotoTile({
  photo,
  n,
  onRetry,
  onRemove,
  onChooseOther,
  disabled,
}: {
  photo: PhotoItem;
  n: number;
  onRetry: () => void;
  onRemove: () => void;
  onChooseOther: () => void;
  disabled: boolean;
}) {
  const working = photo.status === 'preparing' || photo.status === 'uploading';
  return (
    <li className="relative flex flex-col gap-1" data-testid={`return-photo-${n}`} data-status={photo.status}>
      <div className={cn('relative aspect-square overflow-hidden rounded-xl border bg-slate-100', photo.status === 'failed' ? 'border-red-400' : 'border-slate-200')}>
        {photo.preview ? <img src={photo.preview} alt={t(photoText.alt, { n })} className="size-full object-cover" /> : <Icon name="camera" className="m-auto mt-6 size-8 text-slate-400" />}
        {working ? (
          <span className="absolute inset-0 flex items-center justify-center bg-white/60 text-brand-700">
            <Spinner className="size-6" />
          </span>
        ) : null}
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t(photoText.remove, { n })}
          className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-bl-xl bg-slate-900/60 text-white disabled:opacity-50"
          data-testid={`return-photo-${n}-remove`}
        >
          <Icon name="close" className="size-5" />
        </button>
      </div>
      <p
        className={cn('flex items-center gap-1 text-xs', photo.status === 'failed' ? 'font-semibold text-red-700' : photo.status === 'done' ? 'text-emerald-700' : 'text-slate-600')}
        aria-live="polite"
        data-testid={`return-photo-${n}-state`}
      >
        {photo.status === 'done' ? <Icon name="check" className="size-3.5 shrink-0" /> : null}
        {photoText[photo.status]}
      </p>
      {photo.status === 'failed' ? (
        <>
          {photo.error ? <p className="text-xs break-words text-red-700">{photo.error}</p> : null}
          {/* A refused file never passes on a retry: offer another file instead. */}
          <button
            type="button"
            onClick={photo.final ? onChooseOther : onRetry}
            disabled={disabled}
            aria-label={photo.final ? undefined : t(photoText.retryLabel, { n })}
            className="min-h-11 rounded-xl border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-800 active:bg-slate-100"
            data-testid={`return-photo-${n}-${photo.final ? 'choose-other' : 'retry'}`}
          >
            {photo.final ? fieldsText.files.chooseOther : photoText.retry}
          </button>
        </>
      ) : null}
    </li>
  );
}
