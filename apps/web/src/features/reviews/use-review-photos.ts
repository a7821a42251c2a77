import {
  REVIEW_PHOTO_INVALID,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_TOO_LARGE,
  REVIEW_PHOTOS_MAX,
  REVIEW_PHOTOS_TOO_MANY,
} from '@semijoias/domain/reviews';
import { useCallback, useEffect, useRef, useState } from 'react';
import { photoErrorMessage, uploadReviewPhoto, type OwnReviewPhoto } from './reviews-api';

export interface PhotoSlot {
  key: number;
  /** The server's id once uploaded: what the review names. */
  id: number | null;
  /** What shows: the picture she chose (while and after it travels), or the server's. */
  src: string;
  uploading: boolean;
}

/**
 * Her review's photos: each one uploaded the moment she picks it (its own picture shown at once,
 * a spinner over it until the server has it), removable, at most three. A refusal (not an image,
 * too large, the connection) drops that photo and says why; the others stay.
 */
export function useReviewPhotos(token: string, initial: readonly OwnReviewPhoto[]) {
  const [slots, setSlots] = useState<PhotoSlot[]>(() =>
    initial.map((photo, i) => ({ key: i, id: photo.id, src: photo.url, uploading: false })),
  );
  const [error, setError] = useState<string | null>(null);
  const nextKey = useRef(initial.length);
  const inFlight = useRef(new Map<number, AbortController>());
  const previews = useRef(new Map<number, string>());

  // Leaving the form: uploads still running are let go, the chosen files' pictures freed.
  useEffect(() => {
    const uploads = inFlight.current;
    const pictures = previews.current;
    return () => {
      for (const controller of uploads.values()) controller.abort();
      uploads.clear();
      for (const url of pictures.values()) URL.revokeObjectURL(url);
      pictures.clear();
    };
  }, []);

  const drop = useCallback((key: number) => {
    const preview = previews.current.get(key);
    if (preview) {
      URL.revokeObjectURL(preview);
      previews.current.delete(key);
    }
    setSlots((current) => current.filter((slot) => slot.key !== key));
  }, []);

  const add = (files: readonly File[]) => {
    setError(null);
    const room = Math.max(0, REVIEW_PHOTOS_MAX - slots.length);
    if (files.length > room) setError(REVIEW_PHOTOS_TOO_MANY);
    for (const file of files.slice(0, room)) {
      // The server judges by the content; these spare sending what it would refuse.
      if (file.type && !file.type.startsWith('image/')) {
        setError(REVIEW_PHOTO_INVALID);
        continue;
      }
      if (file.size > REVIEW_PHOTO_MAX_BYTES) {
        setError(REVIEW_PHOTO_TOO_LARGE);
        continue;
      }
      const key = nextKey.current++;
      const preview = URL.createObjectURL(file);
      previews.current.set(key, preview);
      const controller = new AbortController();
      inFlight.current.set(key, controller);
      setSlots((current) => [...current, { key, id: null, src: preview, uploading: true }]);
      uploadReviewPhoto(token, file, controller.signal)
        .then(
          (photo) =>
            setSlots((current) =>
              current.map((slot) =>
                slot.key === key ? { ...slot, id: photo.id, uploading: false } : slot,
              ),
            ),
          (failure: unknown) => {
            if (controller.signal.aborted) return;
            drop(key);
            setError(photoErrorMessage(failure));
          },
        )
        .finally(() => inFlight.current.delete(key));
    }
  };

  const remove = (key: number) => {
    inFlight.current.get(key)?.abort();
    inFlight.current.delete(key);
    drop(key);
    setError(null);
  };

  return {
    slots,
    error,
    setError,
    add,
    remove,
    uploading: slots.some((slot) => slot.uploading),
    ids: slots.flatMap((slot) => (slot.id === null ? [] : [slot.id])),
  };
}

export type ReviewPhotos = ReturnType<typeof useReviewPhotos>;
