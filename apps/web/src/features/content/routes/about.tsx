import { BRAND } from '@shop/contract/brand';
import { Link } from '@tanstack/react-router';
import { useShopSettings } from '../../../lib/shop-settings';
import { ContentPage } from '../components/content-page';

export function AboutPage() {
  const { minimum_age } = useShopSettings();
  return (
    <ContentPage
      eyebrow="Our story"
      title={`About ${BRAND.name}`}
      lead={`An independent wine and spirits merchant in ${BRAND.city}, for people who care what is in the glass.`}
    >
      <h2>How we started</h2>
      <p>
        {BRAND.name} began with a simple frustration: good wine was hard to find in {BRAND.city}, and the
        bottles that did arrive had often spent weeks in a hot container or on a sunny shelf. Wine that has
        been cooked tastes flat and tired, whatever the label says. We opened our shop in Kololo to do it
        properly: buy from producers we trust, ship carefully, and keep every bottle cool from the port to
        your door.
      </p>
      <p>
        Today we stock several hundred wines and spirits, from everyday bottles for a Sunday lunch to rare
        vintages for the occasions that deserve them, and we deliver across {BRAND.city}, Wakiso and Entebbe.
      </p>

      <h2>How we choose</h2>
      <p>
        Nothing goes on our shelves until our team has tasted it. We look for wines that are honest to their
        grape and their place, and that taste good in our climate, with the food we eat here. That means
        plenty of fresh whites and lighter reds alongside the big Bordeaux, Rioja and Barolo, and spirits from
        established distilleries as well as small producers, including Uganda’s own.
      </p>
      <ul>
        <li>
          We buy from family estates and cooperatives in France, Italy, Spain, Portugal, South Africa,
          Argentina, Chile, Australia and New Zealand.
        </li>
        <li>
          We buy through licensed importers and pay every duty and tax: every bottle is genuine and traceable.
        </li>
        <li>We write our own tasting notes, and we tell you when a wine needs a few more years.</li>
      </ul>

      <h2>How we store</h2>
      <p>
        {BRAND.city} sits almost on the equator, and a shop floor can reach 30 °C in the afternoon. Heat is
        the enemy of wine, so our cellar is air-conditioned day and night, with a backup generator for power
        cuts, and held at 14–16 °C away from light. Bottles are stored lying down so their corks stay moist,
        and our delivery bags are insulated so your wine arrives as cool as it left.
      </p>

      <h2>The team</h2>
      <p>
        We are a small team of {BRAND.city} people who love what we sell. Our buyer trained with the Wine &
        Spirit Education Trust and travels to taste at the source; our cellar team receives, checks and stores
        every delivery; our riders know the city’s shortcuts and check ID at the door, because we sell only to
        adults aged {minimum_age} and over; and our support team answers your calls and messages at any hour.
      </p>
      <p>
        Come and taste with us at one of our <Link to="/events">events</Link>, read our{' '}
        <Link to="/guide">buyer’s guide</Link>, or <Link to="/contact">visit the shop</Link>.
      </p>
    </ContentPage>
  );
}
