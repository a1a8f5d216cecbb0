import { formatUGX } from '@shop/contract/money';
import type { CampaignBlock } from '@shop/contract/newsletter-campaigns';
import type { OutgoingEmail } from '../email/email.service';
import type { EmailBlock } from '../email/layout';
import type { CardProductRow } from './campaigns.repository';
import { newsletterEmail } from './newsletter.emails';

/**
 * A campaign as an e-mail: its blocks in the shop's layout, with the subscriber's own one-click
 * unsubscribe link and the List-Unsubscribe headers (newsletterEmail). A product card shows the
 * bottle's current name and price and links to its page; a product no longer sold is left out.
 */
export function campaignEmail(options: {
  to: string;
  publicUrl: string;
  unsubscribeToken: string;
  campaign: { subject: string; blocks: CampaignBlock[] };
  products: Map<number, CardProductRow>;
}): OutgoingEmail {
  const { campaign, products, publicUrl } = options;
  const [first, ...rest] = campaign.blocks;
  const heading = first?.type === 'heading' ? first.text : campaign.subject;
  const body = first?.type === 'heading' ? rest : campaign.blocks;
  const blocks = body.flatMap((block): EmailBlock[] => {
    if (block.type !== 'product') return [block];
    const product = products.get(block.product_id);
    if (!product?.listed) return [];
    const origin = [product.region, product.country].filter(Boolean).join(', ');
    return [
      {
        type: 'card',
        title: product.vintage ? `${product.name} ${product.vintage}` : product.name,
        lines: [product.price === null ? 'Ask us for the price' : formatUGX(product.price), origin].filter(
          Boolean,
        ),
        url: `${publicUrl}/products/${encodeURIComponent(product.slug)}`,
        linkLabel: 'See this bottle',
      },
    ];
  });
  return newsletterEmail({
    to: options.to,
    publicUrl,
    unsubscribeToken: options.unsubscribeToken,
    content: { subject: campaign.subject, heading, paragraphs: [], blocks },
  });
}
