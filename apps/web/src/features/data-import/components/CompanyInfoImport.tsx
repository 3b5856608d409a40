import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanyInfoSummary, useUploadCompanyInfo } from '../queries';

/**
 * The company information file (docs/company-fields.md): listed or not, board, stock code, type and
 * region per company. One file replaces the information; malformed lines are left out and listed.
 */
export function CompanyInfoImport() {
  const { t } = useTranslation('dataImport');
  const summary = useCompanyInfoSummary();
  const upload = useUploadCompanyInfo();
  const current = summary.data;
  const errors = upload.data?.errors ?? [];
  return (
    <Card title={t('companyInfo.title')} data-testid="company-info-import">
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('companyInfo.hint')}
        </Typography.Paragraph>
        <Typography.Text code>{t('companyInfo.example')}</Typography.Text>
        {current && (
          <Typography.Text data-testid="company-info-summary">
            {current.companies > 0
              ? t('companyInfo.current', {
                  count: current.companies,
                  listed: current.listed,
                  file: current.source ?? '',
                })
              : t('companyInfo.none')}
          </Typography.Text>
        )}
        <Upload
          accept=".csv,.txt,.xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            upload.reset();
            upload.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            {t('companyInfo.upload')}
          </Button>
        </Upload>
        {upload.isSuccess && (
          <Alert
            type={errors.length > 0 ? 'warning' : 'success'}
            showIcon
            data-testid="company-info-done"
            title={t('companyInfo.done', { companies: upload.data.companies, listed: upload.data.listed })}
            description={
              errors.length > 0 ? (
                <div>
                  <Typography.Text>{t('companyInfo.errors', { count: errors.length })}</Typography.Text>
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {errors.map((e) => (
                      <li key={`${e.line}-${e.message}`}>
                        {t('companyInfo.line', { line: e.line, message: e.message })}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : undefined
            }
          />
        )}
        {upload.error && <Alert type="error" showIcon title={upload.error.message} data-testid="company-info-error" />}
      </Flex>
    </Card>
  );
}
