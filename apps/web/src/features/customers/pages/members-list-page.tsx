// Marketing › users/list (spec §2): the club members, with their contacts and subscription date.
import { CustomerListScreen } from '../components/customer-list-screen';

export default function MembersListPage() {
  return <CustomerListScreen variant="members" />;
}
