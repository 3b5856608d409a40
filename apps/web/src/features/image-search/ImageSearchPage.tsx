import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  List,
  Pagination,
  Popconfirm,
  Row,
  Space,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, InboxOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MAX_IMAGE_SEARCH_BYTES, type ImageHistoryItem, type ImageSearchFiltersInput } from '@patlas/contracts';
import { formatDateTime } from '../../utils/format-date';
import { checkImageFile, type ImageFileProblem } from './image-file';
import { ImageSearchFilters } from './ImageSearchFilters';
import { useClearImageHistory, useImageHistory, useImageResult, useImageSearch, useRerunImageSearch } from './queries';
import './image-search.css';
import { ResultCard } from './ResultCard';
import { ReadMarksProvider } from '../../read-marks/ReadMark';

const MAX_MB = MAX_IMAGE_SEARCH_BYTES / 1024 / 1024;
/** Three rows of four drawings. */
const RESULTS_PER_PAGE = 12;

/**
 * Image search (spec 1 §2 /search/img, §7 /search/image/*): upload a drawing or photo, see the
 * patents whose drawings look alike with their best-matching drawing. The result's key is in the
 * URL (?key=…), so a result is a link; the history lists the user's searches.
 */
export function ImageSearchPage() {
  const { t } = useTranslation('imageSearch');
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const key = params.get('key');
  const [chosen, setChosen] = useState<{ file: File; preview: string } | undefined>(undefined);
  const file = chosen?.file;
  const [problem, setProblem] = useState<ImageFileProblem | undefined>(undefined);
  // The page of results belongs to one result: another key starts on page 1.
  const [paging, setPaging] = useState<{ key: string | null; page: number }>({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const search = useImageSearch();
  const rerun = useRerunImageSearch();
  const result = useImageResult(key);
  const history = useImageHistory();
  const clear = useClearImageHistory();
  // The filters of the next upload; a shown result's own filters when it opens (by key or from the history).
  const [filters, setFilters] = useState<{ key: string | null; value: ImageSearchFiltersInput }>({
    key: null,
    value: {},
  });
  const shownFilters = result.data?.filters;
  const filterValue: ImageSearchFiltersInput =
    filters.key === key || !shownFilters ? filters.value : (shownFilters as ImageSearchFiltersInput);

  // The preview is an object URL of the chosen file, released when another is chosen or the page closes.
  useEffect(() => () => chosen && URL.revokeObjectURL(chosen.preview), [chosen]);

  const choose = (picked: File) => {
    const found = checkImageFile(picked);
    setProblem(found);
    search.reset();
    setChosen(found ? undefined : { file: picked, preview: URL.createObjectURL(picked) });
  };

  const runSearch = async () => {
    const found = checkImageFile(file);
    setProblem(found);
    if (found || !file) return;
    try {
      const answer = await search.mutateAsync({ file, filters: filterValue });
      setFilters({ key: answer.key, value: filterValue });
      setParams({ key: answer.key });
    } catch {
      // Shown from the mutation state.
    }
  };

  const rerunSearch = async (item: ImageHistoryItem) => {
    try {
      await rerun.mutateAsync({ key: item.key });
      setParams({ key: item.key });
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  /** New filters: kept for the next upload, and a shown result is ranked again under them at once. */
  const changeFilters = async (next: ImageSearchFiltersInput) => {
    setFilters({ key, value: next });
    if (!key || !result.data) return;
    try {
      await rerun.mutateAsync({ key, filters: next });
      setPaging({ key, page: 1 });
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const clearHistory = async () => {
    try {
      const { deleted } = await clear.mutateAsync();
      void message.success(t('history.cleared', { count: deleted }));
      if (key) setParams({});
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const shown = result.data;
  const pageItems = shown?.items.slice((page - 1) * RESULTS_PER_PAGE, page * RESULTS_PER_PAGE) ?? [];
  const errorText = problem ? t(`errors.${problem}`, { max: MAX_MB }) : search.error?.message;

  return (
    <Row gutter={[16, 16]} className="image-search-page">
      <Col xs={24} xl={17}>
        <Flex vertical gap={16}>
          <Card title={t('title')}>
            <Flex vertical gap={12}>
              <Upload.Dragger
                accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                multiple={false}
                showUploadList={false}
                beforeUpload={(chosen) => {
                  choose(chosen);
                  return false;
                }}
                aria-label={t('upload.label')}
              >
                {chosen ? (
                  <img className="image-search-preview" src={chosen.preview} alt={t('upload.preview')} />
                ) : (
                  <>
                    <p className="ant-upload-drag-icon">
                      <InboxOutlined />
                    </p>
                    <p className="ant-upload-text">{t('upload.text')}</p>
                    <p className="ant-upload-hint">{t('upload.hint', { max: MAX_MB })}</p>
                  </>
                )}
              </Upload.Dragger>
              <ImageSearchFilters
                value={filterValue}
                onChange={(next) => void changeFilters(next)}
                locarnoClasses={result.data?.locarnoClasses}
              />
              {errorText && <Alert type="error" showIcon title={errorText} role="alert" />}
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Text type="secondary" ellipsis className="image-search-file-name">
                  {file?.name}
                </Typography.Text>
                <Space>
                  {file && (
                    <Button
                      onClick={() => {
                        setChosen(undefined);
                        search.reset();
                      }}
                    >
                      {t('upload.choose')}
                    </Button>
                  )}
                  <Button
                    type="primary"
                    icon={<SearchOutlined />}
                    loading={search.isPending}
                    disabled={!file}
                    onClick={() => void runSearch()}
                  >
                    {t('upload.search')}
                  </Button>
                </Space>
              </Flex>
            </Flex>
          </Card>

          {result.error && <Alert type="error" showIcon title={result.error.message} />}
          {shown && (
            <Card
              title={t('results.title', { count: shown.total })}
              extra={
                <Typography.Text type="secondary" className="image-search-compared">
                  {shown.candidateDrawings === shown.indexedDrawings
                    ? t('results.indexed', { count: shown.indexedDrawings })
                    : t('results.filtered', { count: shown.candidateDrawings, total: shown.indexedDrawings })}
                </Typography.Text>
              }
            >
              <Flex vertical gap={12}>
                <Flex align="center" gap={12}>
                  <img className="image-search-query" src={shown.thumbnail} alt={shown.fileName} />
                  <Typography.Text>{t('results.query', { name: shown.fileName })}</Typography.Text>
                </Flex>
                <Typography.Text type="secondary" className="image-search-bands-note">
                  {t('results.bandsNote')}
                </Typography.Text>
                {shown.pendingDrawings > 0 && (
                  <Alert type="info" showIcon title={t('results.pending', { count: shown.pendingDrawings })} />
                )}
                {shown.items.length === 0 ? (
                  <Empty
                    description={
                      shown.candidateDrawings < shown.indexedDrawings ? t('results.noneFiltered') : t('results.empty')
                    }
                  />
                ) : (
                  <>
                    {/* Reading marks: the cards the user opened say so. */}
                    <ReadMarksProvider publicationNumbers={pageItems.map((item) => item.publicationNumber)}>
                      <Row gutter={[12, 12]} role="list" aria-label={t('results.grid')}>
                        {pageItems.map((item) => (
                          <Col key={item.publicationNumber} xs={12} md={8} lg={6} role="listitem">
                            <ResultCard item={item} />
                          </Col>
                        ))}
                      </Row>
                    </ReadMarksProvider>
                    <Pagination
                      align="center"
                      current={page}
                      pageSize={RESULTS_PER_PAGE}
                      total={shown.items.length}
                      hideOnSinglePage
                      showSizeChanger={false}
                      onChange={(next) => setPaging({ key, page: next })}
                    />
                  </>
                )}
              </Flex>
            </Card>
          )}
        </Flex>
      </Col>

      <Col xs={24} xl={7}>
        <Card
          title={t('history.title')}
          extra={
            <Popconfirm
              title={t('history.clearConfirm')}
              onConfirm={() => void clearHistory()}
              okText={t('history.clearOk')}
              cancelText={t('history.cancel')}
              disabled={!history.data?.items.length}
            >
              <Button
                danger
                size="small"
                icon={<DeleteOutlined />}
                disabled={!history.data?.items.length}
                loading={clear.isPending}
              >
                {t('history.clear')}
              </Button>
            </Popconfirm>
          }
        >
          <List<ImageHistoryItem>
            loading={history.isLoading}
            dataSource={history.data?.items ?? []}
            locale={{ emptyText: t('history.empty') }}
            renderItem={(item) => (
              <List.Item className={item.key === key ? 'image-history-current' : undefined}>
                <List.Item.Meta
                  avatar={<img className="image-history-thumb" src={item.thumbnail} alt={item.fileName} />}
                  title={<Typography.Text ellipsis>{item.fileName}</Typography.Text>}
                  description={
                    <Flex vertical>
                      <span>{formatDateTime(item.createdAt)}</span>
                      <span>
                        {t('history.summary', { count: item.total })}
                        {item.topPublicationNumber ? ` · ${t('history.top', { pn: item.topPublicationNumber })}` : ''}
                      </span>
                      <Space size={12}>
                        <Link to={{ search: `?key=${encodeURIComponent(item.key)}` }}>{t('history.open')}</Link>
                        <Button
                          type="link"
                          size="small"
                          className="image-history-rerun"
                          icon={<ReloadOutlined />}
                          loading={rerun.isPending && !rerun.variables.filters && rerun.variables.key === item.key}
                          onClick={() => void rerunSearch(item)}
                        >
                          {t('history.rerun')}
                        </Button>
                      </Space>
                    </Flex>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
