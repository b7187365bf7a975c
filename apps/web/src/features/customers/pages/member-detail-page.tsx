// Marketing › users/{id} (spec §2): a club member, the same page as a customer's, with its edit button.
import { CustomerDetail } from '../components/customer-detail';

export default function MemberDetailPage() {
  return <CustomerDetail area="users" />;
}
