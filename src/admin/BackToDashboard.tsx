// The link every admin screen starts with, back to the dashboard.
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { paths } from '../config/paths';

export function BackToDashboard() {
  return (
    <Link
      to={paths.adminDashboard}
      className="inline-flex items-center gap-2 text-sm font-medium text-blue-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Dashboard
    </Link>
  );
}
