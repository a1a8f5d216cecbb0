import { Star } from 'lucide-react';
import { ratingLabel } from '../lib/review-display';

const FIVE = [1, 2, 3, 4, 5] as const;

/** A rating as five stars (whole and part-filled), read out as "Rated 4.3 out of 5". */
export function Stars({
  rating,
  reviewCount = 1,
  size = 'small',
}: {
  rating: number;
  /** 0 reads "Not yet rated". */
  reviewCount?: number;
  size?: 'small' | 'large';
}) {
  const value = reviewCount > 0 ? Math.min(5, Math.max(0, rating)) : 0;
  const box = size === 'large' ? 'size-5' : 'size-4';
  return (
    <span role="img" aria-label={ratingLabel(rating, reviewCount)} className="inline-flex shrink-0 gap-0.5">
      {FIVE.map((position) => {
        const fill = Math.min(1, Math.max(0, value - (position - 1)));
        return (
          <span key={position} className={`relative inline-block ${box}`} aria-hidden="true">
            <Star className={`absolute inset-0 ${box} text-gold-500`} strokeWidth={1.5} />
            {fill > 0 ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={`${box} text-gold-400`} fill="currentColor" strokeWidth={1.5} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
