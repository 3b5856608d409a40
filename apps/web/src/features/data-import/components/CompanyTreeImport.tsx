import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanyTreeSummary, useUploadCompanyTree } from '../queries';

/**
 * The company parent/subsidiary CSV (docs/companies.md): one file replaces the tree; a file with
 * malformed rows is refused whole, its faulty lines listed.
 */
export function CompanyTreeImport() {
  const { t } = useTranslation('dataImport');
  const summary = useCompanyTreeSummary();
  const upload = useUploadCompanyTree();
  const current = summary.data;
  return (
    <Card title={t('companyTree.title')} data-testid="company-tree-import">
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('companyTree.hint')}
        </Typography.Paragraph>
        <Typography.Text code>{t('companyTree.example')}</Typography.Text>
        {current && (
          <Typography.Text data-testid="company-tree-summary">
            {current.relations > 0
              ? t('companyTree.current', { count: current.relations, file: current.source ?? '' })
              : t('companyTree.none')}
          </Typography.Text>
        )}
        <Upload
          accept=".csv,.txt"
          showUploadList={false}
          beforeUpload={(file) => {
            upload.reset();
            upload.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            {t('companyTree.upload')}
          </Button>
        </Upload>
        {upload.isSuccess && (
          <Alert
            type="success"
            showIcon
            title={t('companyTree.done', { relations: upload.data.relations, companies: upload.data.companies })}
          />
        )}
        {upload.error && <Alert type="error" showIcon title={upload.error.message} data-testid="company-tree-error" />}
      </Flex>
    </Card>
  );
}
