import { useId } from 'react';
import { ratingLabel } from '../lib/product-display';

const STARS = [0, 1, 2, 3, 4] as const;
/** One star in a 24 × 24 box (the shape of lucide's "star"). */
const STAR_PATH =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';

/** Where the fill of star `index` stops for a rating: the star's own share of it, from 0 to 1. */
function starFill(value: number, index: number): number {
  return Math.min(1, Math.max(0, value - index));
}

/**
 * An average rating as five stars, filled in proportion (4.3: four full stars and a third of the
 * fifth), drawn as one small SVG. Screen readers hear "Rated 4.3 out of 5" (or "Not yet rated").
 */
export function StarRating({
  rating,
  reviewCount,
  size = 'small',
}: {
  rating: number;
  reviewCount: number;
  size?: 'small' | 'large';
}) {
  const clipId = `stars-${useId().replace(/[^\w-]/g, '')}`;
  const value = reviewCount > 0 ? Math.min(5, Math.max(0, rating)) : 0;
  // The filled part: whole stars, plus the share of the partly filled one (inside its 2–22 outline).
  const whole = Math.floor(value);
  const fillWidth = whole * 24 + (value - whole) * 20 + (value > whole ? 2 : 0);
  // The star's outline is written once and drawn ten times (<use>): a list page of 12 cards
  // carried 5 KB of markup per rating when every star repeated it.
  const starId = `${clipId}-star`;
  return (
    <svg
      role="img"
      aria-label={ratingLabel(rating, reviewCount)}
      viewBox="0 0 120 24"
      className={`shrink-0 text-gold-500 ${size === 'large' ? 'h-5 w-25' : 'h-4 w-20'}`}
    >
      <defs>
        <path id={starId} d={STAR_PATH} />
        <clipPath id={clipId}>
          <rect width={fillWidth} height="24" />
        </clipPath>
      </defs>
      {STARS.map((index) => {
        const fill = starFill(value, index);
        return (
          <use
            key={index}
            href={`#${starId}`}
            x={index * 24}
            data-star={fill === 1 ? 'full' : fill === 0 ? 'empty' : 'partial'}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        );
      })}
      <g clipPath={`url(#${clipId})`} className="text-gold-400">
        {STARS.map((index) => (
          <use key={index} href={`#${starId}`} x={index * 24} fill="currentColor" />
        ))}
      </g>
    </svg>
  );
}
