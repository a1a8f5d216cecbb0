import type { ProductImage as ProductImageData } from '@shop/contract/catalog';
import { PICTURE_SIZES } from '@shop/contract/picture-sizes';
import { useState } from 'react';
import { ProductImage } from '../../../components/product-image';

/** The product's pictures: a large one, and thumbnails to choose another when there are several. */
export function ProductGallery({ images, name }: { images: ProductImageData[]; name: string }) {
  const [index, setIndex] = useState(0);
  const shown = images[index] ?? images[0];
  return (
    <div>
      <div className="overflow-hidden rounded-3xl border border-cream-200 bg-cream-100">
        <ProductImage
          src={shown?.url}
          picture={shown?.picture}
          sizes={PICTURE_SIZES.gallery}
          alt={shown?.alt || name}
          width={400}
          height={500}
          loading="eager"
          fetchPriority="high"
          className="aspect-[4/5] w-full"
        />
      </div>
      {images.length > 1 ? (
        <ul aria-label="Pictures" className="mt-3 flex gap-3">
          {images.map((image, position) => (
            <li key={image.url}>
              <button
                type="button"
                aria-pressed={position === index}
                onClick={() => setIndex(position)}
                className={`block overflow-hidden rounded-xl border-2 bg-cream-100 transition ${
                  position === index ? 'border-wine-700' : 'border-transparent hover:border-cream-300'
                }`}
              >
                <ProductImage
                  src={image.url}
                  picture={image.picture}
                  sizes={PICTURE_SIZES.thumbnail}
                  alt=""
                  width={80}
                  height={100}
                  loading="lazy"
                  className="h-25 w-20"
                />
                <span className="sr-only">
                  Show picture {position + 1} of {images.length}: {image.alt || name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
