import type { Campaign, CampaignBlockInput } from '@shop/contract/newsletter-campaigns';
import {
  CAMPAIGN_BUTTON_LABEL_MAX_LENGTH,
  CAMPAIGN_HEADING_MAX_LENGTH,
  CAMPAIGN_MAX_BLOCKS,
  CAMPAIGN_PARAGRAPH_MAX_LENGTH,
  CAMPAIGN_SUBJECT_MAX_LENGTH,
} from '@shop/contract/newsletter-campaigns';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { FormMessage, inputClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useSaveCampaign } from '../api/save-campaign';
import { useProductSearch } from '../api/search-products';

type Block = CampaignBlockInput & { key: number; productName?: string };

const labelClass = 'block text-sm font-semibold text-ink';

let nextKey = 1;
const keyed = (block: CampaignBlockInput, productName?: string): Block => ({
  ...block,
  key: nextKey++,
  ...(productName ? { productName } : {}),
});

const EMPTY: Record<CampaignBlockInput['type'], () => CampaignBlockInput> = {
  heading: () => ({ type: 'heading', text: '' }),
  paragraph: () => ({ type: 'paragraph', text: '' }),
  product: () => ({ type: 'product', product_id: 0 }),
  button: () => ({ type: 'button', label: '', url: 'https://' }),
};
const BLOCK_NAMES: Record<CampaignBlockInput['type'], string> = {
  heading: 'Heading',
  paragraph: 'Paragraph',
  product: 'Product card',
  button: 'Button',
};

/** Picks a product on sale by part of its name. */
function ProductPicker({ block, onPick }: { block: Block; onPick: (id: number, name: string) => void }) {
  const [text, setText] = useState('');
  const search = useProductSearch(text);
  const id = useId();
  const picked = block.type === 'product' && block.product_id > 0;
  return (
    <div className="space-y-2">
      <p className="text-sm text-ink">
        {picked
          ? `Picked: ${block.productName ?? `product #${(block as { product_id: number }).product_id}`}`
          : 'No product picked yet.'}
      </p>
      <label htmlFor={id} className={labelClass}>
        Find a product
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        className={inputClass}
      />
      {search.data && search.data.results.length > 0 ? (
        <ul aria-label="Matching products" className="flex flex-wrap gap-2">
          {search.data.results.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                onClick={() => {
                  onPick(product.id, product.name);
                  setText('');
                }}
              >
                Pick {product.name}
              </button>
            </li>
          ))}
        </ul>
      ) : search.data && text.trim().length >= 2 ? (
        <p className="text-sm text-ink-soft">No product matches.</p>
      ) : null}
    </div>
  );
}

/**
 * A campaign draft: the subject and its blocks (heading, paragraph, product card, button), saved
 * whole. The API's reasons are shown next to each field.
 */
export function CampaignEditor({
  campaign,
  onSaved,
}: {
  campaign: Campaign | null;
  onSaved: (saved: Campaign) => void;
}) {
  const [subject, setSubject] = useState(campaign?.subject ?? '');
  const [blocks, setBlocks] = useState<Block[]>(() =>
    campaign
      ? campaign.blocks.map((block) => {
          if (block.type !== 'product') return keyed(block);
          const product = campaign.products.find((candidate) => candidate.id === block.product_id);
          return keyed(
            block,
            product
              ? `${product.name}${product.listed ? '' : ' (no longer sold: left out of the e-mail)'}`
              : undefined,
          );
        })
      : [keyed({ type: 'heading', text: '' })],
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveCampaign();
  const id = useId();

  const change = (key: number, patch: Partial<Block>) =>
    setBlocks((current) =>
      current.map((block) => (block.key === key ? ({ ...block, ...patch } as Block) : block)),
    );
  const fieldError = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-wine-900">
        {fieldErrors[name]}
      </p>
    ) : null;
  const described = (name: string) =>
    fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  return (
    <form
      aria-label={campaign ? `Change the campaign “${campaign.subject}”` : 'New campaign'}
      className="space-y-4 rounded-2xl border border-cream-300 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        setFieldErrors({});
        save.mutate(
          {
            id: campaign?.id ?? null,
            subject,
            blocks: blocks.map(({ key: _key, productName: _name, ...block }) => block as CampaignBlockInput),
          },
          {
            onSuccess: onSaved,
            onError: (error) => {
              setProblem(formErrorMessage(error));
              if (isApiError(error)) {
                setFieldErrors(Object.fromEntries(error.fields.map((field) => [field.field, field.message])));
              }
            },
          },
        );
      }}
    >
      <div>
        <label htmlFor={`${id}-subject`} className={labelClass}>
          Subject
        </label>
        <input
          id={`${id}-subject`}
          value={subject}
          maxLength={CAMPAIGN_SUBJECT_MAX_LENGTH}
          onChange={(event) => setSubject(event.currentTarget.value)}
          className={inputClass}
          {...described('subject')}
        />
        {fieldError('subject')}
      </div>
      {fieldError('blocks')}
      <ol aria-label="Blocks" className="space-y-3">
        {blocks.map((block, index) => {
          const name = `blocks.${index}`;
          const label = `${BLOCK_NAMES[block.type]} ${index + 1}`;
          return (
            <li key={block.key}>
              <fieldset className="space-y-2 rounded-xl border border-cream-300 p-3">
                <legend className="px-1 text-sm font-semibold text-ink-soft">{label}</legend>
                {block.type === 'heading' || block.type === 'paragraph' ? (
                  <div>
                    <label htmlFor={`${id}-${block.key}-text`} className={labelClass}>
                      {block.type === 'heading' ? `Heading text (${label})` : `Paragraph text (${label})`}
                    </label>
                    {block.type === 'heading' ? (
                      <input
                        id={`${id}-${block.key}-text`}
                        value={block.text}
                        maxLength={CAMPAIGN_HEADING_MAX_LENGTH}
                        onChange={(event) => change(block.key, { text: event.currentTarget.value })}
                        className={inputClass}
                        {...described(`${name}.text`)}
                      />
                    ) : (
                      <textarea
                        id={`${id}-${block.key}-text`}
                        value={block.text}
                        rows={4}
                        maxLength={CAMPAIGN_PARAGRAPH_MAX_LENGTH}
                        onChange={(event) => change(block.key, { text: event.currentTarget.value })}
                        className={inputClass}
                        {...described(`${name}.text`)}
                      />
                    )}
                    {fieldError(`${name}.text`)}
                  </div>
                ) : null}
                {block.type === 'product' ? (
                  <>
                    <ProductPicker
                      block={block}
                      onPick={(productId, productName) =>
                        change(block.key, { product_id: productId, productName })
                      }
                    />
                    {fieldError(`${name}.product_id`)}
                  </>
                ) : null}
                {block.type === 'button' ? (
                  <div className="grid gap-2 sm:grid-cols-2">
                    <div>
                      <label htmlFor={`${id}-${block.key}-label`} className={labelClass}>
                        Button label
                      </label>
                      <input
                        id={`${id}-${block.key}-label`}
                        value={block.label}
                        maxLength={CAMPAIGN_BUTTON_LABEL_MAX_LENGTH}
                        onChange={(event) => change(block.key, { label: event.currentTarget.value })}
                        className={inputClass}
                        {...described(`${name}.label`)}
                      />
                      {fieldError(`${name}.label`)}
                    </div>
                    <div>
                      <label htmlFor={`${id}-${block.key}-url`} className={labelClass}>
                        Button link
                      </label>
                      <input
                        id={`${id}-${block.key}-url`}
                        type="url"
                        value={block.url}
                        onChange={(event) => change(block.key, { url: event.currentTarget.value })}
                        className={inputClass}
                        {...described(`${name}.url`)}
                      />
                      {fieldError(`${name}.url`)}
                    </div>
                  </div>
                ) : null}
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  aria-label={`Remove ${label}`}
                  onClick={() => setBlocks((current) => current.filter((other) => other.key !== block.key))}
                >
                  Remove
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        {(Object.keys(EMPTY) as CampaignBlockInput['type'][]).map((type) => (
          <button
            key={type}
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={blocks.length >= CAMPAIGN_MAX_BLOCKS}
            onClick={() => setBlocks((current) => [...current, keyed(EMPTY[type]())])}
          >
            Add {BLOCK_NAMES[type].toLowerCase()}
          </button>
        ))}
      </div>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <button type="submit" disabled={save.isPending} className={buttonClass('primary', 'sm')}>
        Save draft
      </button>
    </form>
  );
}
