import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A secret the server will not give again (a new password): copy it now. */
export function SecretOnce({ secret, label }: { secret: string; label: string }) {
  const { t } = useTranslation('sys');
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={t('common.shownOnce')} />
      <Typography.Text strong>{label}</Typography.Text>
      <Typography.Paragraph copyable={{ text: secret }}>
        <code data-testid="secret-once">{secret}</code>
      </Typography.Paragraph>
    </Flex>
  );
}
