import { BRAND } from '@shop/contract/brand';
import { FREE_SHIPPING_THRESHOLD_UGX, MINIMUM_AGE_YEARS } from '@shop/contract/constants';
import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
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
  return (
    <ContentPage
      eyebrow="Delivery"
      title="Shipping & delivery"
      lead={`We deliver across ${BRAND.city}, Wakiso and Entebbe every day from 10:00 to 21:00, in insulated bags that keep your bottles cool.`}
    >
      <h2>Free delivery</h2>
      <p>
        Delivery is free on every order over {formatUGX(FREE_SHIPPING_THRESHOLD_UGX)}, anywhere in the areas
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
        We sell alcohol only to adults aged {MINIMUM_AGE_YEARS} and over. The rider will ask the person
        receiving the order for a national ID, passport or driving permit. If no one aged {MINIMUM_AGE_YEARS}{' '}
        or over can show ID, the order comes back to the shop and we will arrange a new delivery with you.
      </p>

      <h2>Pick-up at the shop</h2>
      <p>
        Prefer to collect? Choose pick-up at checkout and collect your order, free of charge, from{' '}
        {BRAND.address} during opening hours ({BRAND.openingHours}). Bring the ID of the person named on the
        order.
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
