import { LOGO_PATH } from '@shop/contract/constants';
import { useState } from 'react';

/**
 * A small picture of a bottle in a cart line, an order or a summary, with its size set (no layout
 * shift). A missing or broken picture shows the shop's logo (docs/product.md section 9).
 */
export function BottleThumbnail({
  src,
  alt,
  size = 96,
  className = '',
}: {
  src: string | null;
  alt: string;
  /** Width in CSS pixels; the picture is 4:5. */
  size?: number;
  className?: string;
}) {
  const wanted = src && src.trim() !== '' ? src : LOGO_PATH;
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? LOGO_PATH : wanted;
  return (
    <img
      src={shown}
      alt={alt}
      width={size}
      height={Math.round((size * 5) / 4)}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (shown !== LOGO_PATH) setFailed(wanted);
      }}
      className={`shrink-0 rounded-xl bg-cream-100 ${shown === LOGO_PATH ? 'object-contain p-3' : 'object-cover'} ${className}`}
    />
  );
}
