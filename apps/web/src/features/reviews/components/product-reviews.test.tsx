import type { Review, ReviewSummary } from '@shop/contract/reviews';
import { reviewMessages } from '@shop/contract/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { makeDetail, stubIntersectionObserver } from '../../../test/fakes/catalog-api';
import {
  anonymousSession,
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { preloadProductPage } from '../../../test/pages';
import { renderApp } from '../../../test/render';
import { REVIEW_SAVED_MESSAGE } from './review-form';

const product = makeDetail({
  id: 7,
  slug: 'kanonkop-pinotage',
  name: 'Kanonkop Pinotage',
  average_rating: 4,
  review_count: 1,
});
const PRODUCT_PATH = `/products/${product.slug}`;

// The product page is a chunk of its own: load it up front, so that no test waits for it.
beforeAll(preloadProductPage);
beforeEach(() => {
  confirmAge();
  stubIntersectionObserver();
});
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

function review(overrides: Partial<Review> = {}): Review {
  return {
    id: 1,
    product: product.id,
    rating: 4,
    title: 'Smoky and generous',
    text: 'Great with goat stew.',
    author_name: 'Okello B.',
    verified_purchase: false,
    helpful_count: 0,
    created_at: '2026-03-10T09:00:00.000Z',
    updated_at: '2026-03-10T09:00:00.000Z',
    is_edited: false,
    is_own: false,
    voted_helpful: false,
    is_hidden: false,
    hidden_reason: null,
    reported_by_me: false,
    ...overrides,
  };
}

function summary(ratings: number[]): ReviewSummary {
  const count = ratings.length;
  const average = count ? Math.round((ratings.reduce((a, b) => a + b, 0) / count) * 100) / 100 : 0;
  return {
    product: product.id,
    average_rating: average,
    review_count: count,
    distribution: [5, 4, 3, 2, 1].map((rating) => ({
      rating,
      count: ratings.filter((r) => r === rating).length,
    })),
  };
}

const paged = (results: Review[]) => ({ results, count: results.length, total_pages: 1, next: null });

function mockShop(handlers: Record<string, FakeHandler>) {
  return mockIdentityApi({
    'GET /auth/get-session': () => anonymousSession(),
    [`GET /products/products/${product.slug}/`]: () => product,
    'GET /orders/wishlist/summary/': () => ({ count: 0, items: [] }),
    'GET /orders/cart/my_cart/': () => ({ items: [], item_count: 0, subtotal: 0, total: 0 }),
    ...handlers,
  });
}

const reviewsSection = () => screen.getByRole('region', { name: 'Reviews' });

describe('the reviews of a product page', () => {
  it('shows the current average, count and stars, and the reviews as text (never as markup)', async () => {
    const markup = '<img src=x onerror="alert(1)"><script>alert(1)</script> & more';
    mockShop({
      'GET /orders/reviews/summary/': () => summary([5, 4]),
      'GET /orders/reviews/': () =>
        paged([
          review({
            id: 2,
            rating: 5,
            title: '<b>Wow</b>',
            text: markup,
            verified_purchase: true,
            author_name: 'Amina N.',
          }),
          review({ id: 1 }),
        ]),
    });
    await renderApp(PRODUCT_PATH);
    const section = reviewsSection();
    // The reviews' own summary replaces the catalog's (1 review, 4.0) as soon as it arrives.
    await waitFor(() => expect(section).toHaveTextContent('4.5out of 5, from 2 reviews'));
    expect(within(screen.getByRole('main')).getAllByRole('img', { name: 'Rated 4.5 out of 5' }).length).toBe(
      2,
    );
    const bars = within(section).getByRole('list', { name: 'Ratings by stars' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['5 stars1review', '4 stars1review', '3 stars0reviews', '2 stars0reviews', '1 star0reviews']);

    const amina = await within(section).findByRole('article', { name: 'Review by Amina N.' });
    expect(amina).toHaveTextContent('<b>Wow</b>');
    expect(amina).toHaveTextContent(markup);
    expect(amina).toHaveTextContent('Verified purchase');
    expect(amina).toHaveTextContent('10 March 2026');
    expect(amina.querySelector('script, b, img[src="x"]')).toBeNull();
    expect(within(section).getByRole('article', { name: 'Review by Okello B.' })).not.toHaveTextContent(
      'Verified purchase',
    );
  });

  it('asks a visitor to sign in to write a review, remembering the product', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(toast, 'info');
    mockShop({
      'GET /orders/reviews/summary/': () => summary([4]),
      'GET /orders/reviews/': () => paged([review()]),
    });
    const { router } = await renderApp(PRODUCT_PATH);
    await user.click(await within(reviewsSection()).findByRole('button', { name: 'Write a review' }));
    expect(info).toHaveBeenCalledWith('Please sign in to write a review', expect.anything());
    await waitFor(() =>
      expect(router.state.location.href).toBe(`/login?redirect=%2Fproducts%2F${product.slug}`),
    );
  });

  it('lets a customer write a review: checks it as they type, posts it, and the average follows', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    let ratings = [4];
    let mine: Review | null = null;
    const api = mockShop({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/reviews/summary/': () => summary(ratings),
      'GET /orders/reviews/': () => paged(mine ? [mine, review()] : [review()]),
      'GET /orders/reviews/mine/': () => ({
        review: mine,
        can_review: mine === null,
        cannot_review_reason: null,
      }),
      'POST /orders/reviews/': ({ body }) => {
        const sent = body as { rating: number; title: string; text: string };
        ratings = [...ratings, sent.rating];
        mine = review({ id: 9, ...sent, author_name: 'Amina N.', is_own: true });
        return new Response(JSON.stringify(mine), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    await renderApp(PRODUCT_PATH);
    const section = reviewsSection();
    await user.click(await within(section).findByRole('button', { name: 'Write a review' }));
    const form = await within(section).findByRole('form', { name: 'Review Kanonkop Pinotage' });
    await user.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(await within(form).findByText(reviewMessages.rating)).toBeInTheDocument();
    expect(within(form).getByText(reviewMessages.titleMissing)).toBeInTheDocument();
    expect(within(form).getByText(reviewMessages.textMissing)).toBeInTheDocument();
    expect(api.callsTo('POST /orders/reviews/')).toHaveLength(0);

    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.type(within(form).getByLabelText('Title'), 'Best Pinotage in Kampala');
    await user.type(
      within(form).getByLabelText('Your review'),
      'Dark fruit, smoke.{Enter}Lovely with muchomo.',
    );
    await user.click(within(form).getByRole('button', { name: 'Publish review' }));

    await waitFor(() => expect(section).toHaveTextContent('4.5out of 5, from 2 reviews'));
    expect(api.callsTo('POST /orders/reviews/').map((call) => call.body)).toEqual([
      {
        product: product.id,
        rating: 5,
        title: 'Best Pinotage in Kampala',
        text: 'Dark fruit, smoke.\nLovely with muchomo.',
      },
    ]);
    expect(success).toHaveBeenCalledWith(REVIEW_SAVED_MESSAGE, expect.anything());
    expect(await within(section).findByText(/You rated this bottle 5 stars/)).toBeInTheDocument();
    expect(within(section).getByRole('article', { name: 'Review by Amina N.' })).toHaveTextContent(
      'Your review',
    );
    // The title by the product's name follows too.
    expect(
      within(screen.getByRole('main')).getAllByRole('img', { name: 'Rated 4.5 out of 5' }).length,
    ).toBeGreaterThan(0);
  });

  it('offers no form to a customer the shop’s review policy refuses, and says why', async () => {
    mockShop({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/reviews/summary/': () => summary([]),
      'GET /orders/reviews/': () => paged([]),
      'GET /orders/reviews/mine/': () => ({
        review: null,
        can_review: false,
        cannot_review_reason: 'Only customers who have received this product can review it.',
      }),
    });
    await renderApp(PRODUCT_PATH);
    const section = reviewsSection();
    expect(
      await within(section).findByText('Only customers who have received this product can review it.'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('shows the server’s reason next to the field it names', async () => {
    const user = userEvent.setup();
    mockShop({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/reviews/summary/': () => summary([]),
      'GET /orders/reviews/': () => paged([]),
      'GET /orders/reviews/mine/': () => ({ review: null, can_review: true, cannot_review_reason: null }),
      'POST /orders/reviews/': () =>
        envelope(422, 'validation_failed', 'Please check your input and try again.', [
          { field: 'text', message: reviewMessages.controlCharacters },
        ]),
    });
    await renderApp(PRODUCT_PATH);
    const section = reviewsSection();
    await user.click(await within(section).findByRole('button', { name: 'Write a review' }));
    const form = await within(section).findByRole('form', { name: 'Review Kanonkop Pinotage' });
    await user.click(within(form).getByRole('radio', { name: '3 stars' }));
    await user.type(within(form).getByLabelText('Title'), 'Fine');
    await user.type(within(form).getByLabelText('Your review'), 'Fine wine');
    await user.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(await within(form).findByText(reviewMessages.controlCharacters)).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Please check your input and try again.');
    expect(within(form).getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lets the author edit and delete their own review', async () => {
    const user = userEvent.setup();
    let mine: Review | null = review({
      id: 5,
      rating: 2,
      title: 'Too young',
      is_own: true,
      author_name: 'Amina N.',
    });
    const api = mockShop({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/reviews/summary/': () => summary(mine ? [mine.rating] : []),
      'GET /orders/reviews/': () => paged(mine ? [mine] : []),
      'GET /orders/reviews/mine/': () => ({ review: mine, can_review: false, cannot_review_reason: null }),
      'PATCH /orders/reviews/5/': ({ body }) => {
        mine = { ...(mine as Review), ...(body as Partial<Review>), is_edited: true };
        return mine;
      },
      'DELETE /orders/reviews/5/': () => {
        mine = null;
        return new Response(null, { status: 204 });
      },
    });
    await renderApp(PRODUCT_PATH);
    const section = reviewsSection();
    expect(await within(section).findByText(/You rated this bottle 2 stars/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Edit your review' }));
    const form = await within(section).findByRole('form', { name: 'Edit your review' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Too young');
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(section).findByText(/You rated this bottle 4 stars/)).toBeInTheDocument();
    expect(api.callsTo('PATCH /orders/reviews/5/')[0]?.body).toMatchObject({ rating: 4, title: 'Too young' });
    await waitFor(() => expect(section).toHaveTextContent('4out of 5, from 1 review'));

    await user.click(within(section).getByRole('button', { name: 'Delete your review' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, delete my review' }));
    await waitFor(() => expect(section).toHaveTextContent('No reviews yet.'));
    expect(api.callsTo('DELETE /orders/reviews/5/')).toHaveLength(1);
  });

  it('lets a customer mark someone else’s review as helpful, and sorts by most helpful', async () => {
    const user = userEvent.setup();
    let voted = false;
    const api = mockShop({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/reviews/summary/': () => summary([4]),
      'GET /orders/reviews/': () => paged([review({ voted_helpful: voted, helpful_count: voted ? 1 : 0 })]),
      'GET /orders/reviews/mine/': () => ({ review: null, can_review: true, cannot_review_reason: null }),
      'POST /orders/reviews/1/helpful/': () => {
        voted = true;
        return { id: 1, helpful_count: 1, voted_helpful: true };
      },
    });
    await renderApp(PRODUCT_PATH);
    const section = reviewsSection();
    const helpful = await within(section).findByRole('button', { name: 'Helpful' });
    expect(helpful).toHaveAttribute('aria-pressed', 'false');
    await user.click(helpful);
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Helpful (1)' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(api.callsTo('POST /orders/reviews/1/helpful/')).toHaveLength(1);

    await user.selectOptions(within(section).getByLabelText('Sort reviews'), 'Most helpful first');
    await waitFor(() =>
      expect(api.callsTo('GET /orders/reviews/').at(-1)?.url.searchParams.get('ordering')).toBe('helpful'),
    );
  });

  it('lets a customer report someone else’s review, with a reason asked for before sending', async () => {
    const user = userEvent.setup();
    const api = mockShop({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/reviews/summary/': () => summary([4]),
      'GET /orders/reviews/': () => paged([review({})]),
      'GET /orders/reviews/mine/': () => ({ review: null, can_review: true, cannot_review_reason: null }),
      'POST /orders/reviews/1/report/': () => ({
        id: 1,
        reported_by_me: true,
        message: 'Thank you. Our staff will look at this review.',
      }),
    });
    await renderApp(PRODUCT_PATH);
    const section = reviewsSection();
    await user.click(await within(section).findByRole('button', { name: 'Report the review by Okello B.' }));
    const form = within(section).getByRole('form', { name: 'Report the review by Okello B.' });
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose why you are reporting this review');
    expect(api.callsTo('POST /orders/reviews/1/report/')).toHaveLength(0);

    await user.selectOptions(
      within(form).getByLabelText('Why are you reporting this review?'),
      'Spam or advertising',
    );
    await user.type(within(form).getByLabelText('Anything to add? (optional)'), 'A link to another shop');
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.callsTo('POST /orders/reviews/1/report/')).toHaveLength(1));
    expect(api.callsTo('POST /orders/reviews/1/report/')[0]!.body).toEqual({
      reason: 'spam',
      note: 'A link to another shop',
    });
    expect(
      await within(section).findByText('Thank you: our staff will look at this review.'),
    ).toBeInTheDocument();
  });
});
