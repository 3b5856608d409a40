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
      total={Math.min(total, MAX_PAGE * pageSize)}
      showSizeChanger={false}
      showTotal={(shown) =>
        t('results.pages', {
          pages: Math.ceil(shown / pageSize).toLocaleString(),
          count: Math.ceil(shown / pageSize),
        })
      }
      onChange={(next) => onPage(Math.min(MAX_PAGE, Math.max(1, next)))}
    />
  );
}
