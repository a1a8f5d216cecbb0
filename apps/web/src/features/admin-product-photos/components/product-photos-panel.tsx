import {
  ACCEPTED_UPLOAD_TYPES,
  type AdminProductImage,
  ALT_TEXT_MAX_LENGTH,
  MAX_FILES_PER_UPLOAD,
} from '@shop/contract/product-images';
import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from 'lucide-react';
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ProductImage } from '../../../components/product-image';
import { QueryStatus } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useProductPhotos } from '../api/product-photos';
import { useRemoveProductPhoto } from '../api/remove-product-photo';
import { useReorderProductPhotos } from '../api/reorder-product-photos';
import { useUpdateProductPhoto } from '../api/update-product-photo';
import { useUploadProductPhoto } from '../api/upload-product-photos';

const ACCEPT = [...ACCEPTED_UPLOAD_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.avif'].join(',');

/** What went wrong, in the server's words: the file's own reason when it names one. */
function errorText(error: unknown): string {
  if (isApiError(error))
    return error.envelope?.fields?.[0]?.message ?? error.envelope?.message ?? error.userMessage;
  return 'Something went wrong. Please try again.';
}

/** A file size as the server's refusal states it: '10 MB', '0.3 MB'. */
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

type Upload = { key: number; name: string; progress: number; error: string | null };

/**
 * A product's photos for staff: drop files (or choose them) to upload, see each file's progress
 * and, when refused, the reason; reorder (drag, or the up and down buttons), describe (alt text)
 * and remove the photos. Composed into the product edit page.
 */
export function ProductPhotosPanel({ productId }: { productId: number }) {
  const photos = useProductPhotos(productId);
  const upload = useUploadProductPhoto(productId);
  const reorder = useReorderProductPhotos(productId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [reorderError, setReorderError] = useState<string | null>(null);
  const queue = useRef(Promise.resolve());
  const nextKey = useRef(0);
  const inputId = useId();
  const headingId = useId();

  const patchUpload = (key: number, patch: Partial<Upload>) =>
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const addFiles = (files: File[]) => {
    for (const file of files.slice(0, MAX_FILES_PER_UPLOAD * 3)) {
      nextKey.current += 1;
      const key = nextKey.current;
      setUploads((current) => [...current, { key, name: file.name, progress: 0, error: null }]);
      // One file at a time: each has its own progress and outcome, and the server converts one at a time.
      queue.current = queue.current.then(() =>
        upload
          .mutateAsync({ file, onProgress: (fraction) => patchUpload(key, { progress: fraction }) })
          .then(() => setUploads((current) => current.filter((item) => item.key !== key)))
          .catch((error: unknown) => patchUpload(key, { error: errorText(error) })),
      );
    }
  };

  const images = photos.data?.images ?? [];
  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    const ids = images.map((image) => image.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    setReorderError(null);
    reorder.mutate(ids, {
      onSuccess: () => toast.success('Order of the photos saved'),
      onError: (error) => setReorderError(errorText(error)),
    });
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragOver(false);
    addFiles([...(event.dataTransfer?.files ?? [])]);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="font-serif text-xl font-semibold text-ink">
        Photos
      </h2>

      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        data-testid="photo-drop-zone"
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-6 py-8 text-center transition ${
          dragOver ? 'border-wine-700 bg-wine-50' : 'border-cream-300 bg-cream-50 hover:border-wine-400'
        }`}
      >
        <ImagePlus aria-hidden="true" className="size-8 text-wine-800" />
        <span className="font-semibold text-ink">Drop photos here, or choose files</span>
        <span className="text-sm text-ink/70">
          JPEG, PNG, WebP or AVIF
          {photos.data ? `, up to ${megabytes(photos.data.max_file_bytes)} each` : ''}
        </span>
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          onChange={(event) => {
            addFiles([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = '';
          }}
        />
      </label>

      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="space-y-2">
          {uploads.map((item) => (
            <li key={item.key} className="rounded-xl border border-cream-200 bg-white px-4 py-2 text-sm">
              <div className="flex items-center justify-between gap-3">
                <span className="truncate font-medium">{item.name}</span>
                {item.error ? (
                  <button
                    type="button"
                    onClick={() => setUploads((current) => current.filter((other) => other.key !== item.key))}
                    className="text-xs font-semibold text-wine-800 underline"
                  >
                    Dismiss<span className="sr-only"> {item.name}</span>
                  </button>
                ) : null}
              </div>
              {item.error ? (
                <p role="alert" className="mt-1 text-wine-800">
                  {item.error}
                </p>
              ) : (
                <progress
                  aria-label={`Uploading ${item.name}`}
                  max={100}
                  value={Math.round(item.progress * 100)}
                  className="mt-1 h-2 w-full accent-wine-700"
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {photos.isError ? (
        <QueryStatus pending={false} onRetry={photos.refetch} what="The photos" loading="" />
      ) : null}
      {reorderError ? (
        <p role="alert" className="text-sm text-wine-800">
          {reorderError}
        </p>
      ) : null}

      {photos.isSuccess && images.length === 0 ? (
        <p className="text-sm text-ink/70">No photos yet: the shop shows a drawn bottle.</p>
      ) : null}
      {images.length > 0 ? (
        <ol aria-label="Photos in order" className="grid gap-4 sm:grid-cols-2">
          {images.map((image, index) => (
            <li
              key={image.id}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => {
                if (dragged !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.stopPropagation();
                move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              className="flex gap-3 rounded-2xl border border-cream-200 bg-white p-3"
            >
              <div className="size-24 shrink-0 overflow-hidden rounded-xl bg-cream-100">
                <ProductImage
                  src={image.url}
                  picture={image.picture}
                  sizes="96px"
                  alt={image.alt}
                  width={96}
                  height={96}
                  loading="lazy"
                  className="size-full"
                />
              </div>
              <div className="min-w-0 flex-1 space-y-2">
                <p className="text-xs font-semibold text-ink/70">
                  Photo {index + 1} of {images.length}
                  {index === 0 ? ' · main photo' : ''}
                </p>
                <AltTextForm productId={productId} image={image} position={index + 1} />
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    onClick={() => move(index, index - 1)}
                    disabled={index === 0 || reorder.isPending}
                    className="inline-flex items-center gap-1 rounded-full border border-cream-300 px-3 py-1 text-xs font-semibold disabled:opacity-40"
                  >
                    <ArrowUp aria-hidden="true" className="size-3.5" />
                    Move up<span className="sr-only"> photo {index + 1}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => move(index, index + 1)}
                    disabled={index === images.length - 1 || reorder.isPending}
                    className="inline-flex items-center gap-1 rounded-full border border-cream-300 px-3 py-1 text-xs font-semibold disabled:opacity-40"
                  >
                    <ArrowDown aria-hidden="true" className="size-3.5" />
                    Move down<span className="sr-only"> photo {index + 1}</span>
                  </button>
                  <RemovePhotoButton productId={productId} image={image} position={index + 1} />
                </div>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function AltTextForm({
  productId,
  image,
  position,
}: {
  productId: number;
  image: AdminProductImage;
  position: number;
}) {
  const update = useUpdateProductPhoto(productId);
  const [alt, setAlt] = useState(image.alt);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const id = useId();
  useEffect(() => setAlt(image.alt), [image.alt]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (alt.trim() === '') {
      setError('Describe the photo for people who cannot see it');
      return;
    }
    setError(null);
    update.mutate(
      { imageId: image.id, alt: alt.trim() },
      { onSuccess: () => setSaved(true), onError: (failure) => setError(errorText(failure)) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-xs font-semibold text-ink">
          Alt text of photo {position}
        </label>
        <input
          id={id}
          value={alt}
          maxLength={ALT_TEXT_MAX_LENGTH}
          onChange={(event) => {
            setAlt(event.currentTarget.value);
            setSaved(false);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 w-full rounded-lg border border-cream-300 px-2 py-1 text-sm"
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-wine-800">
            {error}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={update.isPending || alt === image.alt}
        className={buttonClass('primary', 'sm')}
      >
        Save<span className="sr-only"> alt text of photo {position}</span>
      </button>
      {saved ? (
        <span role="status" className="text-xs text-ink/70">
          Saved
        </span>
      ) : null}
    </form>
  );
}

function RemovePhotoButton({
  productId,
  image,
  position,
}: {
  productId: number;
  image: AdminProductImage;
  position: number;
}) {
  const remove = useRemoveProductPhoto(productId);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        disabled={remove.isPending}
        className="inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold text-wine-800 hover:bg-wine-50 disabled:opacity-40"
      >
        <Trash2 aria-hidden="true" className="size-3.5" />
        {remove.isPending ? 'Removing…' : 'Remove'}
        <span className="sr-only"> photo {position}</span>
      </button>
      {error ? (
        <p role="alert" className="w-full text-xs text-wine-800">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove photo ${position} from the shop?`}
        confirmLabel="Yes, remove"
        variant="danger"
        onConfirm={() => {
          setError(null);
          remove.mutate(image.id, {
            onSuccess: () => toast.success(`Photo ${position} removed`),
            onError: (failure) => setError(errorText(failure)),
          });
        }}
      >
        <p>The photo leaves the product’s page and its file is deleted.</p>
      </ConfirmDialog>
    </>
  );
}
