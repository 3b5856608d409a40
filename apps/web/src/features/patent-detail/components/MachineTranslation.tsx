import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { translationEndpoints } from '@patlas/contracts';
import { call } from '../../../api/endpoint-call';
import { useServerFeatures } from '../../../api/server-features';
import { useApiContext } from '../../../api/useApiContext';
import { usePermission } from '../../../session/useSession';

/** Who may call POST /translate (its route's access on the server): quick search or the result page. */
const TRANSLATION_ACCESS = ['/search/quick', '/search/result'];

/** Machine translation is offered only when the server has a service configured and the user may use it. */
function useTranslationAvailable(): boolean {
  const { translation } = useServerFeatures();
  const isAllowed = usePermission(TRANSLATION_ACCESS);
  return translation && isAllowed;
}

/**
 * A "machine translation" button for texts the record has no translation of: sends them to
 * POST /translate in the UI language and shows what comes back (texts of failed batches are
 * empty, and the server's Error says so). Absent when no translation service is configured.
 */
export function MachineTranslation({ texts }: { texts: string[] }) {
  return useTranslationAvailable() ? <MachineTranslationButton texts={texts} /> : null;
}

function MachineTranslationButton({ texts }: { texts: string[] }) {
  const { t } = useTranslation('patent');
  const api = useApiContext();
  const translate = useMutation({
    mutationFn: () => call(translationEndpoints.translate, { body: { language: api.lang, texts } }, api),
  });
  const result = translate.data;
  return (
    <Flex vertical gap={8} className="machine-translation">
      {!result && (
        <div>
          <Button size="small" loading={translate.isPending} onClick={() => translate.mutate()}>
            {t('machineTranslation.action')}
          </Button>
        </div>
      )}
      {translate.error && <Alert type="error" showIcon title={translate.error.message} />}
      {result?.Error && <Alert type="warning" showIcon title={result.Error} />}
      {result?.TargetTextList.filter((text) => text.length > 0).map((text, i) => (
        <Typography.Paragraph key={i} type="secondary">
          {i === 0 && <Tag variant="filled">{t('machineTranslation.label')}</Tag>}
          {text}
        </Typography.Paragraph>
      ))}
    </Flex>
  );
}
