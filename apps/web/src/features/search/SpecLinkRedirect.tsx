import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { translateSpecResultLink } from '../../search-state/spec-result-link';

/**
 * The result page, reached by a link in spec 1's form (`?expre=…&pageType=…`), first moves to the
 * same page in the product's own form; any other URL renders the page as it is.
 */
export function withSpecResultLink(Page: ComponentType): ComponentType {
  function SpecResultLink() {
    const location = useLocation();
    const target = translateSpecResultLink(location.search);
    return target ? <Navigate to={target} replace /> : <Page />;
  }
  return SpecResultLink;
}
