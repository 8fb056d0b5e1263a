import { useCallback, useEffect, useRef, useState } from 'react';
import { RETURN_PHOTOS } from '@gerai/contract';
import { isFileRefusal, uploadFile } from '@/shared/api/upload';
import { randomId } from '@/shared/utils/random-id';
import { downscaleImage, uploadName } from '@/shared/utils/downscale';
import { refusalOf } from '@/shared/api/refusal';

export type PhotoStatus = 'preparing' | 'uploading' | 'done' | 'failed';

export interface PhotoItem {
  key: string;
  /** A local preview of the chosen file (object URL); null where the browser has none. */
  preview: string | null;
  status: PhotoStatus;
  /** The upload's id once the server has it (what the return refers to). */
  uploadId: string | null;
  /** Why it failed, in Indonesian (the contract's message for the code). */
  error: string | null;
  /** The file itself was refused (too large, not a photo): only another file helps, not a retry. */
  final?: boolean;
}

interface Entry {
  file: File;
  controller: AbortController | null;
}

const objectUrl = (file: Blob): string | null => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
const revoke = (url: string | null) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

/**
 * The photos of a return request: each chosen photo is made small in the browser and uploaded at
 * once (POST /api/uploads), so "Ajukan Retur" only refers to them by id. Per photo: preparing →
 * uploading → done, or failed with the reason and a retry; any photo can be removed (its upload
 * stopped). At most RETURN_PHOTOS.max; `add` says how many it left out.
 */
export function usePhotoUploads(max: number = RETURN_PHOTOS.max) {
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const photosRef = useRef<PhotoItem[]>([]);
  const entries = useRef(new Map<string, Entry>());

  const update = useCallback((key: string, patch: Partial<PhotoItem>) => {
    setPhotos((list) => {
      const next = list.map((p) => (p.key === key ? { ...p, ...patch } : p));
      photosRef.current = next;
      return next;
    });
  }, []);

  const start = useCallback(
    async (key: string) => {
      const entry = entries.current.get(key);
      if (!entry) return;
      entry.controller?.abort();
      const controller = new AbortController();
      entry.controller = controller;
      update(key, { status: 'preparing', error: null, uploadId: null, final: false });
      try {
        const small = await downscaleImage(entry.file);
        if (controller.signal.aborted) return;
        update(key, { status: 'uploading' });
        const index = photosRef.current.findIndex((p) => p.key === key) + 1;
        const upload = await uploadFile(small, { name: uploadName(entry.file.name, small, index), signal: controller.signal });
        if (controller.signal.aborted) return;
        update(key, { status: 'done', uploadId: upload.id });
      } catch (error) {
        if (controller.signal.aborted) return;
        update(key, { status: 'failed', error: refusalOf(error).message, final: isFileRefusal(error) });
      } finally {
        if (entry.controller === controller) entry.controller = null;
      }
    },
    [update],
  );

  /** Adds the chosen files (up to the free places) and starts their uploads; answers how many were left out. */
  const add = useCallback(
    (files: readonly File[]): number => {
      const room = Math.max(0, max - photosRef.current.length);
      const taken = files.slice(0, room);
      const added: PhotoItem[] = taken.map((file) => {
        const key = randomId();
        entries.current.set(key, { file, controller: null });
        return { key, preview: objectUrl(file), status: 'preparing', uploadId: null, error: null };
      });
      if (added.length) {
        const next = [...photosRef.current, ...added];
        photosRef.current = next;
        setPhotos(next);
        for (const p of added) void start(p.key);
      }
      return files.length - taken.length;
    },
    [max, start],
  );

  const retry = useCallback((key: string) => void start(key), [start]);

  const remove = useCallback((key: string) => {
    const entry = entries.current.get(key);
    entry?.controller?.abort();
    entries.current.delete(key);
    const gone = photosRef.current.find((p) => p.key === key);
    revoke(gone?.preview ?? null);
    const next = photosRef.current.filter((p) => p.key !== key);
    photosRef.current = next;
    setPhotos(next);
  }, []);

  /** The server no longer knows these uploads (RETURN_PHOTO_UNKNOWN): send every photo again. */
  const reuploadAll = useCallback(() => {
    for (const p of photosRef.current) void start(p.key);
  }, [start]);

  // Leaving the screen stops what is still on its way and frees the previews.
  useEffect(() => {
    const map = entries.current;
    return () => {
      for (const entry of map.values()) entry.controller?.abort();
      for (const p of photosRef.current) revoke(p.preview);
    };
  }, []);

  const uploadIds = photos.filter((p) => p.status === 'done' && p.uploadId).map((p) => p.uploadId!);
  const busy = photos.some((p) => p.status === 'preparing' || p.status === 'uploading');
  const failed = photos.some((p) => p.status === 'failed');
  return { photos, add, retry, remove, reuploadAll, uploadIds, busy, failed, full: photos.length >= max };
}
