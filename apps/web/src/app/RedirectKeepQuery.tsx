import { Navigate, useLocation } from 'react-router';

/** Legacy paths of spec 1 §2 ("/search/detail goes to /innovationSpace/searchDetail") keep their query. */
export function RedirectKeepQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}
