import { BRAND } from '@shop/contract/brand';
import { shopSettingsNow } from '../settings/settings-snapshot';

/**
 * The shop's e-mail layout: every message has a plain-text and an HTML version with the brand,
 * built from the same parts. All interpolated text is escaped here; callers pass plain text.
 */

export type EmailContent = {
  subject: string;
  /** Hidden preview line shown by mail clients after the subject. */
  preheader?: string;
  heading: string;
  /** Plain-text paragraphs. */
  paragraphs: string[];
  /** The one button of the message. */
  action?: { label: string; url: string };
  /** Small print under the button (why you got this e-mail). */
  footnote?: string;
  /** Mailing-list e-mails (the newsletter): a one-click unsubscribe link in the footer. */
  unsubscribeUrl?: string;
  /** Further parts after the paragraphs, in order (newsletter campaigns); plain text, escaped here. */
  blocks?: EmailBlock[];
};

export type EmailBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'button'; label: string; url: string }
  /** A product card: its name as a link, and a line or two (price, origin). */
  | { type: 'card'; title: string; lines: string[]; url: string; linkLabel: string };

export type RenderedEmail = { subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Only http(s) links become buttons; anything else is refused rather than rendered. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Refusing to put a ${parsed.protocol} link in an e-mail`);
  }
  return parsed.toString();
}

const COLOURS = { wine: '#6b1d2a', ink: '#1f1a17', muted: '#6b625c', paper: '#faf7f2', line: '#e7e0d6' };

export function renderEmail(content: EmailContent): RenderedEmail {
  const actionUrl = content.action ? safeUrl(content.action.url) : undefined;
  const unsubscribeUrl = content.unsubscribeUrl ? safeUrl(content.unsubscribeUrl) : undefined;
  // The shop's contact details and minimum age as its settings say now.
  const shop = shopSettingsNow();
  const footer = [
    `${BRAND.name} · ${shop.address}`,
    `${shop.phone} · ${shop.email}`,
    `Purchasers must be ${shop.minimum_age} or older. Please enjoy responsibly.`,
  ];

  const blocks = (content.blocks ?? []).map((block) =>
    block.type === 'button' || block.type === 'card' ? { ...block, url: safeUrl(block.url) } : block,
  );
  const text = [
    BRAND.name.toUpperCase(),
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...blocks.flatMap((block) => blockText(block)),
    ...(content.action && actionUrl ? [`${content.action.label}: ${actionUrl}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    '--',
    ...footer,
    ...(unsubscribeUrl ? [`Unsubscribe: ${unsubscribeUrl}`] : []),
    '',
  ].join('\n');

  const paragraphHtml = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.55">${escapeHtml(paragraph)}</p>`)
    .join('\n');
  const actionHtml =
    content.action && actionUrl
      ? `<p style="margin:24px 0"><a href="${escapeHtml(actionUrl)}" style="background:${COLOURS.wine};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:6px;display:inline-block;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:${COLOURS.muted};line-height:1.5">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(actionUrl)}" style="color:${COLOURS.wine};word-break:break-all">${escapeHtml(actionUrl)}</a></p>`
      : '';
  const footnoteHtml = content.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:${COLOURS.muted};line-height:1.5">${escapeHtml(content.footnote)}</p>`
    : '';

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLOURS.paper};font-family:Georgia,'Times New Roman',serif;color:${COLOURS.ink}">
${content.preheader ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</div>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOURS.paper}">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${COLOURS.line};border-radius:10px">
<tr><td style="padding:24px 32px;border-bottom:3px solid ${COLOURS.wine}">
<div style="font-size:22px;font-weight:700;letter-spacing:0.5px;color:${COLOURS.wine}">${escapeHtml(BRAND.name)}</div>
<div style="font-size:13px;color:${COLOURS.muted};margin-top:4px">${escapeHtml(BRAND.tagline)}</div>
</td></tr>
<tr><td style="padding:28px 32px;font-family:Arial,Helvetica,sans-serif;font-size:15px">
<h1 style="font-family:Georgia,'Times New Roman',serif;font-size:22px;margin:0 0 18px;color:${COLOURS.ink}">${escapeHtml(content.heading)}</h1>
${paragraphHtml}
${blocks.map(blockHtml).join('\n')}
${actionHtml}
${footnoteHtml}
</td></tr>
<tr><td style="padding:18px 32px;border-top:1px solid ${COLOURS.line};font-family:Arial,Helvetica,sans-serif;font-size:12px;color:${COLOURS.muted};line-height:1.6">
${footer.map(escapeHtml).join('<br>\n')}${unsubscribeUrl ? `<br>\n<a href="${escapeHtml(unsubscribeUrl)}" style="color:${COLOURS.muted}">Unsubscribe</a>` : ''}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: content.subject, text, html };
}

function blockText(block: EmailBlock): string[] {
  switch (block.type) {
    case 'heading':
      return [block.text.toUpperCase(), ''];
    case 'paragraph':
      return [block.text, ''];
    case 'button':
      return [`${block.label}: ${block.url}`, ''];
    case 'card':
      return [block.title, ...block.lines, `${block.linkLabel}: ${block.url}`, ''];
  }
}

function blockHtml(block: EmailBlock): string {
  switch (block.type) {
    case 'heading':
      return `<h2 style="font-family:Georgia,'Times New Roman',serif;font-size:19px;margin:24px 0 12px;color:${COLOURS.ink}">${escapeHtml(block.text)}</h2>`;
    case 'paragraph':
      return block.text
        .split(/\n{2,}/)
        .map(
          (part) =>
            `<p style="margin:0 0 16px;line-height:1.55">${escapeHtml(part).replace(/\n/g, '<br>')}</p>`,
        )
        .join('\n');
    case 'button':
      return `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="background:${COLOURS.wine};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:6px;display:inline-block;font-weight:600">${escapeHtml(block.label)}</a></p>`;
    case 'card':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border:1px solid ${COLOURS.line};border-radius:8px"><tr><td style="padding:14px 18px">
<div style="font-family:Georgia,'Times New Roman',serif;font-size:17px;font-weight:700;margin:0 0 6px"><a href="${escapeHtml(block.url)}" style="color:${COLOURS.wine};text-decoration:none">${escapeHtml(block.title)}</a></div>
${block.lines.map((line) => `<div style="font-size:14px;color:${COLOURS.muted};line-height:1.5">${escapeHtml(line)}</div>`).join('\n')}
<div style="margin-top:10px"><a href="${escapeHtml(block.url)}" style="color:${COLOURS.wine};font-weight:600">${escapeHtml(block.linkLabel)}</a></div>
</td></tr></table>`;
  }
}
