import { TicketList } from '../components/ticket-list';

export default function TicketArchivePage() {
  return <TicketList list="archive" />;
}
