import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import type { DataColumn } from '../../../components/data-table';

/** When a message was written (Kampala time): the first column of both outboxes. */
export function writtenColumn<Message extends { created_at: string }>(): DataColumn<Message> {
  return {
    header: 'Written',
    className: 'md:whitespace-nowrap',
    cell: (message) => formatKampalaShortDateTime(message.created_at),
  };
}
