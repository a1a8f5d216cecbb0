import { LOGO_PATH } from '@shop/contract/constants';
import { type ImgHTMLAttributes, type SyntheticEvent, useState } from 'react';

/** A picture's address, or the logo when the product has none (docs/product.md section 9). */
export function imageSource(path: string | null | undefined): string {
  return path && path.trim() !== '' ? path : LOGO_PATH;
}

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height'> & {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
};

/**
 * A product or category picture with its size set (no layout shift). A missing or broken picture
 * falls back to the shop's logo (docs/product.md section 9).
 */
export function ProductImage({ src, alt, className = '', onError, ...rest }: ProductImageProps) {
  const wanted = imageSource(src);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? LOGO_PATH : wanted;
  const onImageError = (event: SyntheticEvent<HTMLImageElement>) => {
    if (shown !== LOGO_PATH) setFailed(wanted);
    onError?.(event);
  };
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      decoding="async"
      onError={onImageError}
      className={`${shown === LOGO_PATH ? 'object-contain p-6' : 'object-cover'} ${className}`}
    />
  );
}
