import { MessageCircle } from 'lucide-react';
import { whatsappChatHref } from '../lib/whatsapp';
import { secondaryButtonClass } from './form-field';

/** "Chat with us on WhatsApp", opening a chat with the shop with `message` ready to send. */
export function WhatsAppChatLink({
  message,
  label = 'Chat with us on WhatsApp',
  className = '',
}: {
  message: string;
  label?: string;
  className?: string;
}) {
  return (
    <a
      href={whatsappChatHref(message)}
      target="_blank"
      rel="noopener noreferrer"
      className={`${secondaryButtonClass} gap-2 ${className}`}
    >
      <MessageCircle aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}
