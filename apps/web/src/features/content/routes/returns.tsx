import { Link } from '@tanstack/react-router';
import { useShopSettings } from '../../../lib/shop-settings';
import { whatsappChatHref } from '../../../lib/whatsapp';
import { ContentPage } from '../components/content-page';

export function ReturnsPage() {
  const { email, whatsapp } = useShopSettings();
  const emailHref = `mailto:${email}`;
  const whatsappHref = whatsappChatHref(undefined, whatsapp);
  return (
    <ContentPage
      eyebrow="Returns"
      title="Returns & refunds"
      lead="If something is wrong with a bottle, we will put it right."
    >
      <h2>Damaged or faulty bottles</h2>
      <p>
        Check your order when it arrives. If a bottle is broken, leaking, or its seal or label is damaged,
        tell us within <strong>48 hours</strong> of delivery, with photos of the bottle and the packaging, by{' '}
        <a href={whatsappHref} target="_blank" rel="noopener noreferrer">
          WhatsApp on {whatsapp}
        </a>{' '}
        or by e-mail to <a href={emailHref}>{email}</a>. Include your order number.
      </p>
      <p>
        We will send a replacement with our next delivery to your area, or refund the bottle to the mobile
        money number you paid with (or that you give us, for cash orders), whichever you prefer. Refunds reach
        you within three working days.
      </p>

      <h2>Corked wine</h2>
      <p>
        About one bottle in a hundred sealed with natural cork is “corked”: it smells musty, like wet
        cardboard, and tastes flat. It is nobody’s fault, but it is not how the wine should taste. Put the
        cork back in, keep the rest of the wine, and tell us within 48 hours. We collect the bottle and
        replace it or refund you.
      </p>

      <h2>Changed your mind?</h2>
      <p>
        Unopened bottles can be returned within <strong>7 days</strong> of delivery, in their original
        condition with seals and labels intact. Bring them to the shop, or we can collect them for the
        delivery fee of your area. We refund the price of the bottles to your mobile money within three
        working days of receiving them.
      </p>

      <h2>What we cannot take back</h2>
      <ul>
        <li>Opened bottles of spirits, unless they are faulty.</li>
        <li>Opened wine that is not faulty.</li>
        <li>
          Bottles that have been stored in the heat after delivery, or whose seals or labels are damaged.
        </li>
        <li>Engraved or personalised gifts.</li>
      </ul>
      <p>
        Questions? See our <Link to="/support">support page</Link> or the <Link to="/faq">FAQ</Link>.
      </p>
    </ContentPage>
  );
}
