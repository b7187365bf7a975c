// Marketing › customers/{id} (spec §2): one card, registered in the club or not, with its purchases and points.
import { CustomerDetail } from '../components/customer-detail';

export default function CustomerDetailPage() {
  return <CustomerDetail area="customers" />;
}
