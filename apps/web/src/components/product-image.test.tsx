import { LOGO_PATH } from '@shop/contract/constants';
import { responsivePicture } from '@shop/contract/product-images';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

const picture = responsivePicture({
  hash: 'a'.repeat(32),
  width: 1600,
  height: 1200,
  widths: [320, 640, 1024, 1600],
});

describe('ProductImage', () => {
  it('shows an uploaded photo as <picture>: AVIF and WebP sources, a JPEG <img> with its size', () => {
    const { container } = render(
      <ProductImage
        src={`/media/p/${'a'.repeat(32)}-1600.jpg`}
        picture={picture}
        sizes="50vw"
        alt="Bottle on the table"
        width={400}
        height={500}
      />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]).toHaveAttribute('srcset', picture.avif);
    expect(sources[0]).toHaveAttribute('sizes', '50vw');
    expect(sources[1]).toHaveAttribute('srcset', picture.webp);
    const image = screen.getByRole('img', { name: 'Bottle on the table' });
    expect(image.parentElement?.tagName).toBe('PICTURE');
    expect(image).toHaveAttribute('srcset', picture.jpeg);
    expect(image.getAttribute('srcset')).toContain(`/media/p/${'a'.repeat(32)}-320.jpg 320w`);
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '1200');
    expect(image).toHaveAttribute('src', `/media/p/${'a'.repeat(32)}-1600.jpg`);
  });

  it('keeps a drawing a plain <img>, and falls back to the logo when a photo fails', () => {
    const { container, rerender } = render(
      <ProductImage src="/media/gen/v1/bottle.svg" alt="Bottle" width={400} height={500} />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Bottle' })).toHaveAttribute('src', '/media/gen/v1/bottle.svg');

    rerender(
      <ProductImage src="/media/p/x-1600.jpg" picture={picture} alt="Bottle" width={400} height={500} />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Bottle' }));
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Bottle' })).toHaveAttribute('src', LOGO_PATH);
  });
});
