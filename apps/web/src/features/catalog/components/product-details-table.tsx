import type { ProductDetail, ProductVariant } from '@shop/contract/catalog';
import { formatAbv, formatVolume } from '../lib/product-display';

/** The details table: region, country, grape or base, vintage, ABV and volume (of the chosen size). */
export function ProductDetailsTable({
  product,
  variant,
}: {
  product: ProductDetail;
  variant: ProductVariant | undefined;
}) {
  const rows: Array<[string, string]> = [
    ['Region', product.region ?? '—'],
    ['Country', product.country ?? '—'],
    [product.product_type === 'wine' ? 'Grape' : 'Grape or base', product.varietal ?? '—'],
    ['Vintage', product.vintage === null ? 'Non-vintage' : String(product.vintage)],
    ['ABV', product.abv === null ? '—' : formatAbv(product.abv)],
    ['Volume', variant ? formatVolume(variant.volume_ml, variant.pack_size) : '—'],
  ];
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Details of {product.name}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} className="border-b border-cream-200">
            <th scope="row" className="w-40 py-2.5 pr-4 font-semibold text-wine-900">
              {label}
            </th>
            <td className="py-2.5 text-ink">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
