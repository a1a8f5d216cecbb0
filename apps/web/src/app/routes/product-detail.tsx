import type { ProductReviewsSlots } from '../../features/catalog/lib/catalog-slots';
import { ProductDetailPage } from '../../features/catalog/routes/product-detail';
import { useReviewSummary } from '../../features/reviews/api/get-review-summary';
import { ProductReviews } from '../../features/reviews/components/product-reviews';

function useCurrentRating(productId: number) {
  return useReviewSummary(productId).data;
}

const reviews: ProductReviewsSlots = { useCurrentRating, ProductReviews };

/** /products/$id: the catalog's product page with the reviews' summary and section. */
export function ProductDetailRoute() {
  return <ProductDetailPage reviews={reviews} />;
}
