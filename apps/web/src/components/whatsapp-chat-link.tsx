import { MessageCircle } from 'lucide-react';
import { useShopSettings } from '../lib/shop-settings';
import { whatsappChatHref } from '../lib/whatsapp';
import { secondaryButtonClass } from './form-field';

/** "Chat with us on WhatsApp", opening a chat with the shop's number (its setting) with `message` ready to send. */
export function WhatsAppChatLink({
  message,
  label = 'Chat with us on WhatsApp',
  className = '',
}: {
  message: string;
  label?: string;
  className?: string;
}) {
  const { whatsapp } = useShopSettings();
  return (
    <a
      href={whatsappChatHref(message, whatsapp)}
      target="_blank"
      rel="noopener noreferrer"
      className={`${secondaryButtonClass} gap-2 ${className}`}
    >
      <MessageCircle aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}
