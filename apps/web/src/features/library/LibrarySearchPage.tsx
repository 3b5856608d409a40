import { useState } from 'react';
import { Button, Card, Empty, Flex, Select, Typography } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LIBRARY_PATH, SEARCH_RESULT_PATH } from '../../app/paths';
import { ExpressionEditor } from '../../components/ExpressionEditor/ExpressionEditor';
import { folderPath } from '../../library-actions/folder-tree';
import { useFolders } from '../../library-actions/queries';
import { decodeSetSource, defaultResultState, encodeResultState } from '../../search-state/search-url-state';
import { SavedExpressionsTab } from './components/SavedExpressionsTab';
import { LibrarySearchRedirect } from './LibrarySearchRedirect';
import './library.css';

/** The result page of a folder's patents (optionally a label's), searched within by `within`. */
export function librarySearchPath(folderId: string, within?: string, labelId?: string): string | undefined {
  const set = decodeSetSource(`library:${folderId}${labelId ? `:${labelId}` : ''}`);
  if (!set) return undefined;
  const second = within?.trim();
  const state = { ...defaultResultState(''), set, ...(second ? { second } : {}) };
  return `${SEARCH_RESULT_PATH}?${encodeResultState(state).toString()}`;
}

/**
 * The search library (/innovationSpace/collectSearch, spec 2 §2): search within one of the user's
 * library folders with an expression (the folder's result page, searched within), and the saved
 * search expressions to rerun. `?id=<folder>` (optional `labelId`, `q`) opens that result page at
 * once, as links to the page from elsewhere expect.
 */
export function LibrarySearchPage() {
  const [params] = useSearchParams();
  if (params.has('id') || params.has('folderId')) return <LibrarySearchRedirect />;
  return <LibrarySearchForm />;
}

function LibrarySearchForm() {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const folders = useFolders('current');
  const rows = (folders.data?.folders ?? []).filter((f) => f.state !== 'deleted');
  const [folderId, setFolderId] = useState<string>();
  const [expression, setExpression] = useState('');
  const chosen = folderId ?? rows[0]?.id;
  const open = (within?: string) => {
    const path = chosen ? librarySearchPath(chosen, within) : undefined;
    if (path) void navigate(path);
  };

  return (
    <Flex vertical gap={16} className="library-search-page">
      <Card title={t('librarySearch.title')} variant="borderless" data-testid="library-search">
        {folders.isSuccess && rows.length === 0 ? (
          <Empty description={t('librarySearch.noFolders')}>
            <Link to={LIBRARY_PATH}>{t('routes.library')}</Link>
          </Empty>
        ) : (
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">{t('librarySearch.hint')}</Typography.Text>
            <Flex gap={8} align="center" wrap>
              <Typography.Text>{t('librarySearch.folder')}</Typography.Text>
              <Select
                className="library-search-folder"
                loading={folders.isPending}
                value={chosen}
                onChange={setFolderId}
                showSearch={{ optionFilterProp: 'label' }}
                aria-label={t('librarySearch.folder')}
                options={rows.map((f) => ({
                  value: f.id,
                  label: `${folderPath(rows, f.id)} (${f.totalCount})`,
                }))}
              />
              <Button icon={<FolderOpenOutlined />} disabled={!chosen} onClick={() => open()}>
                {t('librarySearch.openAll')}
              </Button>
            </Flex>
            <ExpressionEditor
              value={expression}
              onChange={setExpression}
              onSubmit={(text) => open(text)}
              submitText={t('librarySearch.search')}
              rows={3}
              extractKeywords
            />
          </Flex>
        )}
      </Card>
      <Card title={t('tabs.searchExp')} variant="borderless">
        <SavedExpressionsTab />
      </Card>
    </Flex>
  );
}
