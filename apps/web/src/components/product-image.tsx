import { LOGO_PATH } from '@shop/contract/constants';
import type { ResponsivePicture } from '@shop/contract/product-images';
import { type ImgHTMLAttributes, type TargetedEvent, useState } from 'react';

/** A picture's address, or the logo when the product has none (docs/product.md section 9). */
export function imageSource(path: string | null | undefined): string {
  return path && path.trim() !== '' ? path : LOGO_PATH;
}

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height'> & {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** An uploaded photo's files: served as AVIF or WebP where the browser takes them, else JPEG. */
  picture?: ResponsivePicture | null;
  /** How wide the picture is shown (the `sizes` attribute), so the browser fetches the right width. */
  sizes?: string;
};

/**
 * A product or category picture with its size set (no layout shift). An uploaded photo is a
 * `<picture>` with AVIF and WebP `srcset`s and a JPEG `<img>`; a drawing is a plain `<img>`. A
 * missing or broken picture falls back to the shop's logo (docs/product.md section 9).
 */
export function ProductImage({
  src,
  alt,
  className = '',
  onError,
  picture,
  sizes = '100vw',
  width,
  height,
  ...rest
}: ProductImageProps) {
  const wanted = imageSource(src);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? LOGO_PATH : wanted;
  const onImageError = (event: TargetedEvent<HTMLImageElement>) => {
    if (shown !== LOGO_PATH) setFailed(wanted);
    onError?.(event);
  };
  if (picture && shown !== LOGO_PATH) {
    // The photo's own size on the <img>: its aspect ratio is known before it loads (no shift).
    return (
      <picture className="contents">
        <source type="image/avif" srcSet={picture.avif} sizes={sizes} />
        <source type="image/webp" srcSet={picture.webp} sizes={sizes} />
        <img
          {...rest}
          src={shown}
          srcSet={picture.jpeg}
          sizes={sizes}
          width={picture.width}
          height={picture.height}
          alt={alt}
          decoding="async"
          onError={onImageError}
          className={`object-cover ${className}`}
        />
      </picture>
    );
  }
  return (
    <img
      {...rest}
      width={width}
      height={height}
      src={shown}
      alt={alt}
      decoding="async"
      onError={onImageError}
      className={`${shown === LOGO_PATH ? 'object-contain p-6' : 'object-cover'} ${className}`}
    />
  );
}
