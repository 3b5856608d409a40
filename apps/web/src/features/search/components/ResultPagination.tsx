import { useTranslation } from 'react-i18next';
import { MAX_PAGE } from '@patlas/contracts';
import { AppPagination } from '../../../components/ui/pagination';

interface ResultPaginationProps {
  page: number;
  pageSize: number;
  /** Hits of the whole set (pages beyond MAX_PAGE are not offered). */
  total: number;
  /** The page asked for, within 1 … MAX_PAGE. */
  onPage: (page: number) => void;
}

/** The result page's pager: page numbers and a quick jump (the size is chosen in the toolbar). */
export function ResultPagination({ page, pageSize, total, onPage }: ResultPaginationProps) {
  const { t } = useTranslation('search');
  return (
    <AppPagination
      className="results-pagination"
      current={page}
      pageSize={pageSize}
      total={total}
      maxPage={MAX_PAGE}
      showTotal={(shown) => {
        const pages = Math.min(MAX_PAGE, Math.ceil(shown / pageSize));
        return t('results.pages', { pages: pages.toLocaleString(), count: pages });
      }}
      onChange={onPage}
    />
  );
}
