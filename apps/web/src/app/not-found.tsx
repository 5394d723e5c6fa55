import { Link } from 'react-router-dom';
import { Page } from '../components/ui/page.tsx';

export default function NotFound() {
  return (
    <Page title="Page Not Found" nav={false}>
      <p>There is no screen at this address.</p>
      <p>
        <Link to="/">Go to the start page</Link>
      </p>
    </Page>
  );
}
