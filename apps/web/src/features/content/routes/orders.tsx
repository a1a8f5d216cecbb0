import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { useShopSettings } from '../../../lib/shop-settings';
import { ContentPage } from '../components/content-page';

const statuses = [
  { name: 'Confirmed', meaning: 'We have your order and, for mobile money, your payment.' },
  { name: 'Processing', meaning: 'The cellar team is picking and checking your bottles.' },
  { name: 'Ready for delivery', meaning: 'Packed in an insulated bag and waiting for a rider.' },
  { name: 'Out for delivery', meaning: 'On its way to you; the rider will call when close.' },
  { name: 'Delivered', meaning: 'In your hands, after an ID check.' },
  { name: 'Cancelled', meaning: 'Cancelled by you or by us; any payment is refunded to your mobile money.' },
];

export function OrdersPage() {
  const { free_delivery_threshold, minimum_age } = useShopSettings();
  return (
    <ContentPage
      eyebrow="Ordering"
      title="How ordering works"
      lead="From the first click to the bottle on your table, in a few simple steps."
    >
      <h2>1. Fill your cart</h2>
      <p>
        Browse the <Link to="/products">cellar</Link> and add bottles to your cart. You will be asked to sign
        in first, with Google or your e-mail address, so that your cart and orders are kept safe; bottles you
        saved as a visitor come with you.
      </p>

      <h2>2. Check out</h2>
      <p>
        At <Link to="/checkout">checkout</Link>, choose your delivery address and a time that suits you, add a
        landmark and any instructions for the rider, and check the total. Delivery is free on orders over{' '}
        {formatUGX(free_delivery_threshold)}; below that, the fee for your area is shown before you pay (see{' '}
        <Link to="/shipping">shipping</Link>).
      </p>

      <h2>3. Pay</h2>
      <ul>
        <li>
          <strong>MTN Mobile Money or Airtel Money</strong>: enter your number and approve the prompt on your
          phone with your PIN. Your order is confirmed as soon as the payment arrives.
        </li>
        <li>
          <strong>Cash on delivery</strong>: pay the rider in cash or by mobile money when your order arrives.
        </li>
      </ul>
      <p>
        A mobile money order is held for you while the payment is pending. If the payment does not come
        through, the order is cancelled and nothing is charged.
      </p>

      <h2>4. Receive</h2>
      <p>
        The rider checks that the person receiving the order is {minimum_age} or older, so please have an ID
        ready. We cannot leave alcohol with anyone younger.
      </p>

      <h2>Order statuses</h2>
      <dl>
        {statuses.map((status) => (
          <div key={status.name} className="mb-3">
            <dt className="font-semibold text-wine-900">{status.name}</dt>
            <dd>{status.meaning}</dd>
          </div>
        ))}
      </dl>
      <p>
        Follow each of your orders in your <Link to="/order-history">order history</Link> and on the{' '}
        <Link to="/delivery-tracking">delivery tracking</Link> page.
      </p>
    </ContentPage>
  );
}
