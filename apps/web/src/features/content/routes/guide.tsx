import { BRAND } from '@shop/contract/brand';
import { Link } from '@tanstack/react-router';
import { ContentPage } from '../components/content-page';

const servingTemperatures = [
  {
    style: 'Sparkling wine and Champagne',
    temperature: '6–8 °C',
    tip: 'Three hours in the fridge, or 20 minutes in an ice bucket with water.',
  },
  {
    style: 'Light whites and rosé (Sauvignon Blanc, Pinot Grigio, Provence rosé)',
    temperature: '7–10 °C',
    tip: 'Straight from the fridge; keep the bottle in a cooler on the table.',
  },
  {
    style: 'Full whites (oaked Chardonnay, Chenin Blanc, white Rioja)',
    temperature: '10–13 °C',
    tip: 'Out of the fridge 10 minutes before pouring.',
  },
  {
    style: 'Light reds (Pinot Noir, Beaujolais, Valpolicella)',
    temperature: '12–14 °C',
    tip: 'Thirty minutes in the fridge before serving.',
  },
  {
    style: 'Full reds (Cabernet Sauvignon, Malbec, Shiraz, Rioja)',
    temperature: '15–18 °C',
    tip: 'Fifteen to twenty minutes in the fridge: “room temperature” means a European cellar, not a Kampala afternoon.',
  },
  {
    style: 'Sweet and fortified wines (Port, Sherry, Sauternes)',
    temperature: '8–16 °C',
    tip: 'Chill Fino and Sauternes well; Tawny and Vintage Port a little cooler than the room.',
  },
];

export function GuidePage() {
  return (
    <ContentPage
      eyebrow="Guide"
      title="Buyer’s guide"
      lead={`How to choose, serve and keep wine and spirits in ${BRAND.city}’s warm climate.`}
    >
      <h2>Wine styles</h2>
      <h3>Sparkling</h3>
      <p>
        Champagne, Crémant, Cava and Prosecco. Champagne and Crémant are made like Champagne, with a second
        fermentation in the bottle, and taste of brioche and citrus; Prosecco is fruitier and softer. Perfect
        for celebrations, and surprisingly good with fried food and grilled tilapia.
      </p>
      <h3>Whites</h3>
      <p>
        Light and crisp whites such as Sauvignon Blanc, Pinot Grigio and Albariño suit the heat, salads and
        fish. Fuller whites, oaked Chardonnay, Chenin Blanc and Viognier, stand up to roast chicken, creamy
        sauces and chicken in groundnut sauce.
      </p>
      <h3>Rosé</h3>
      <p>
        Dry, pale rosé from Provence or the Cape is the most versatile bottle for a sunny lunch or a barbecue.
      </p>
      <h3>Reds</h3>
      <p>
        Light reds (Pinot Noir, Gamay, Valpolicella) are the ones to chill a little and drink with nyama choma
        or luwombo. Medium reds (Merlot, Rioja Crianza, Chianti) go with almost everything. Full reds
        (Cabernet Sauvignon, Malbec, Shiraz, Pinotage) want red meat and time to breathe.
      </p>
      <h3>Sweet and fortified</h3>
      <p>
        Port, Sherry and late-harvest wines, for dessert, cheese, or a slow evening. An open bottle of Tawny
        Port keeps for weeks.
      </p>

      <h2>Spirits</h2>
      <ul>
        <li>
          <strong>Whisky</strong>: Scotch single malts (peaty from Islay, rich from Speyside), blends, Irish,
          Bourbon and Japanese.
        </li>
        <li>
          <strong>Gin</strong>: London Dry and newer botanical gins, including Uganda’s own Waragi, best with
          tonic, lime and plenty of ice.
        </li>
        <li>
          <strong>Rum</strong>: white rums for cocktails, aged rums from the Caribbean to sip like a whisky.
        </li>
        <li>
          <strong>Brandy and Cognac</strong>: VS for mixing, VSOP and XO for after dinner.
        </li>
        <li>
          <strong>Tequila and mezcal</strong>: choose 100% agave; reposado and añejo are for sipping.
        </li>
        <li>
          <strong>Liqueurs</strong>: coffee, cream, orange and herbal liqueurs for desserts and cocktails.
        </li>
      </ul>

      <h2>Serving temperatures in Kampala’s climate</h2>
      <p>
        With afternoons around 27–30 °C, most wines are served too warm here. A warm red tastes jammy and
        alcoholic; a warm white tastes flat. Use this as a guide:
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Style</th>
            <th scope="col">Serve at</th>
            <th scope="col">How</th>
          </tr>
        </thead>
        <tbody>
          {servingTemperatures.map((row) => (
            <tr key={row.style}>
              <td>{row.style}</td>
              <td>{row.temperature}</td>
              <td>{row.tip}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Spirits are served at room temperature or over ice; a single large cube melts slower than several
        small ones. Keep ice in a cool box outdoors, and wine glasses out of the sun.
      </p>

      <h2>Storing bottles in the heat</h2>
      <ul>
        <li>
          Keep wine in the coolest, darkest place at home: an interior cupboard or under the stairs, never on
          top of the fridge or near a sunny window.
        </li>
        <li>
          Steady matters more than cold: a constant 20 °C is better than a room that swings from 18 °C at
          night to 32 °C by day.
        </li>
        <li>Lay bottles with corks on their side so the cork stays moist; screw caps can stand.</li>
        <li>
          For more than a few weeks, a small wine fridge at 12–14 °C is the best investment you can make. Keep
          it on a surge protector: power cuts and surges are hard on compressors.
        </li>
        <li>
          Store spirits upright, out of the sun. An opened bottle keeps for a year or more; finish liqueurs
          with cream within six months.
        </li>
        <li>
          An opened bottle of wine keeps two to three days in the fridge with its cork back in, reds included.
        </li>
      </ul>
      <p>
        Ready to choose? <Link to="/products">Browse the cellar</Link>, or come and taste at one of our{' '}
        <Link to="/events">events</Link>.
      </p>
    </ContentPage>
  );
}
