/**
 * The shop's buttons, one set of classes (issue 36's kit): a filled primary action, an outlined
 * secondary one, a danger one (a refund, a removal) and a link-looking one, each at two sizes:
 * `md` for a form's own action, `sm` for an action in a table row or a card. Links styled as
 * buttons take the same classes.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md';

const base =
  'inline-flex max-w-full items-center justify-center gap-2 rounded-full text-center font-semibold transition disabled:cursor-wait disabled:opacity-60';

const sizes: Record<ButtonSize, string> = {
  // A minimum height, not a fixed one: a label that wraps on a narrow phone grows the pill.
  md: 'min-h-11 px-6 py-2',
  sm: 'min-h-8 px-3 py-1 text-sm',
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-wine-800 text-cream-50 hover:bg-wine-900',
  secondary: 'border border-wine-800 text-wine-800 hover:bg-cream-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  link: 'text-wine-800 underline underline-offset-4 hover:text-wine-900',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  if (variant === 'link') return `font-semibold ${variants.link} disabled:opacity-50`;
  return `${base} ${sizes[size]} ${variants[variant]}`;
}
