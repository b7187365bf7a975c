import { TicketList } from '../components/ticket-list';

export default function TicketListPage() {
  return <TicketList list="list" />;
}
