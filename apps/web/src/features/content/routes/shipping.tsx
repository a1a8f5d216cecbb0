import { BRAND } from '@shop/contract/brand';
import { formatUGX } from '@shop/contract/money';
import { formatOpeningHours, hourText } from '@shop/contract/settings-values';
import { Link } from '@tanstack/react-router';
import { useShopSettings } from '../../../lib/shop-settings';
import { ContentPage } from '../components/content-page';

/** Indicative delivery fees (whole shillings) and times by area. */
const deliveryZones = [
  { area: 'Central Kampala, Kololo, Nakasero', fee: 10_000, time: 'Same day, usually within 2 hours' },
  { area: 'Ntinda, Naguru, Bugolobi', fee: 12_000, time: 'Same day, usually within 3 hours' },
  { area: 'Muyenga, Kansanga, Munyonyo', fee: 15_000, time: 'Same day, usually within 3 hours' },
  { area: 'Entebbe Road, Kajjansi', fee: 20_000, time: 'Same day for orders placed before 15:00' },
  {
    area: 'Wakiso, Kira, Namugongo',
    fee: 20_000,
    time: 'Same day for orders placed before 15:00, otherwise next day',
  },
  { area: 'Entebbe', fee: 35_000, time: 'Same day for orders placed before 12:00, otherwise next day' },
];

export function ShippingPage() {
  const { address, delivery_hours, free_delivery_threshold, minimum_age, opening_hours } = useShopSettings();
  const openingHours = formatOpeningHours(opening_hours);
  return (
    <ContentPage
      eyebrow="Delivery"
      title="Shipping & delivery"
      lead={`We deliver across ${BRAND.city}, Wakiso and Entebbe every day from ${hourText(delivery_hours.from)} to ${hourText(delivery_hours.to)}, in insulated bags that keep your bottles cool.`}
    >
      <h2>Free delivery</h2>
      <p>
        Delivery is free on every order over {formatUGX(free_delivery_threshold)}, anywhere in the areas
        below.
      </p>

      <h2>Areas, fees and times</h2>
      <table>
        <caption className="sr-only">Delivery fees and times by area</caption>
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col">Fee</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {deliveryZones.map((zone) => (
            <tr key={zone.area}>
              <td>{zone.area}</td>
              <td className="whitespace-nowrap">{formatUGX(zone.fee)}</td>
              <td>{zone.time}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Fees and times are indicative: the exact fee for your address is shown at checkout before you pay.
        Heavy rain and traffic can add time; the rider calls before arriving. For addresses outside these
        areas, <Link to="/contact">contact us</Link> and we will arrange a delivery.
      </p>

      <h2>Age check on delivery</h2>
      <p>
        We sell alcohol only to adults aged {minimum_age} and over. The rider will ask the person receiving
        the order for a national ID, passport or driving permit. If no one aged {minimum_age} or over can show
        ID, the order comes back to the shop and we will arrange a new delivery with you.
      </p>

      <h2>Pick-up at the shop</h2>
      <p>
        Prefer to collect? Choose pick-up at checkout and collect your order, free of charge, from {address}{' '}
        during opening hours ({openingHours}). Bring the ID of the person named on the order.
      </p>

      <h2>Following your delivery</h2>
      <p>
        Every order can be followed on the <Link to="/delivery-tracking">delivery tracking</Link> page, from
        confirmed to delivered. See also <Link to="/orders">how ordering works</Link> and our{' '}
        <Link to="/returns">returns policy</Link>.
      </p>
    </ContentPage>
  );
}
