import { Navigate, useLocation, useParams } from 'react-router-dom';

/** /redirect/{path}: goes to /{path} with the same query, replacing the helper in history. */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
