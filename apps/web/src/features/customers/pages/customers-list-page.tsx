// Marketing › customers/list (spec §2): every loyalty card the registers scanned, club member or not.
import { CustomerListScreen } from '../components/customer-list-screen';

export default function CustomersListPage() {
  return <CustomerListScreen variant="customers" />;
}
