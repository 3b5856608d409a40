import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { MAX_SHARE_NOTE_LENGTH, MAX_SHARE_RECIPIENTS, shareEndpoints } from '@patlas/contracts';
import { ApiError } from '../../api/client';
import { call } from '../../api/endpoint-call';
import { useApiContext } from '../../api/useApiContext';
import { EMAIL_PATTERN, firstDuplicateEmail, splitEmails } from './emails';
import { validValues } from '../../utils/valid-values';

/** What is shared: patents (detail page, result selection) or a result page state. */
export type ShareTarget =
  | { kind: 'patent'; pns: string[] }
  | { kind: 'search'; title: string; expression?: string; router: string; total?: number };

interface ShareForm {
  emails: string[];
  note?: string;
}

export interface ShareDialogProps {
  open: boolean;
  target: ShareTarget;
  onClose: () => void;
}

/**
 * Shares patents or a search with at most 5 registered users by e-mail (spec 2 §5 "Sharing"), with
 * a message to each: POST /share/insert/sharePatent or /share/insert/shareRetrievable.
 */
export function ShareDialog({ open, target, onClose }: ShareDialogProps) {
  const { t } = useTranslation('share');
  const { lang, messages } = useApiContext();
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<ShareForm>();
  const send = useMutation({
    mutationFn: ({ emails, note }: ShareForm) => {
      const common = { emails, ...(note?.trim() ? { note: note.trim() } : {}) };
      return target.kind === 'patent'
        ? call(shareEndpoints.sharePatent, { body: { ...common, pns: target.pns } }, { lang, messages })
        : call(
            shareEndpoints.shareSearch,
            {
              body: {
                ...common,
                title: target.title,
                router: target.router,
                ...(target.expression ? { expression: target.expression } : {}),
                ...(target.total !== undefined ? { total: target.total } : {}),
              },
            },
            { lang, messages },
          );
    },
  });

  const handleOk = async () => {
    // A failing rule shows under its field; nothing more to do here.
    const values = await validValues(form);
    if (!values) return;
    send.mutate(values, {
      onSuccess: ({ shared }) => {
        void toast.success(t('dialog.sent', { n: shared }));
        onClose();
      },
      onError: (error) => void toast.error(error instanceof ApiError ? error.message : t('dialog.failed')),
    });
  };

  return (
    <Modal
      open={open}
      title={target.kind === 'patent' ? t('dialog.titlePatent') : t('dialog.titleSearch')}
      okText={t('dialog.send')}
      onOk={() => void handleOk()}
      okButtonProps={{ loading: send.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
        {target.kind === 'patent' ? target.pns.join(', ') : target.title}
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="emails"
          label={t('dialog.emails')}
          extra={t('dialog.emailsHint', { max: MAX_SHARE_RECIPIENTS })}
          getValueFromEvent={(value: string[]) => splitEmails(value)}
          rules={[
            { required: true, type: 'array', min: 1, message: t('dialog.emailsRequired') },
            { type: 'array', max: MAX_SHARE_RECIPIENTS, message: t('dialog.tooMany', { max: MAX_SHARE_RECIPIENTS }) },
            {
              validator: async (_, value: string[] | undefined) => {
                const bad = (value ?? []).find((email) => !EMAIL_PATTERN.test(email));
                if (bad) throw new Error(t('dialog.badEmail', { email: bad }));
                const duplicate = firstDuplicateEmail(value ?? []);
                if (duplicate) throw new Error(t('dialog.duplicate', { email: duplicate }));
              },
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            tokenSeparators={[',', ';', ' ', '，', '；']}
            aria-label={t('dialog.emails')}
          />
        </Form.Item>
        <Form.Item name="note" label={t('dialog.note')} rules={[{ max: MAX_SHARE_NOTE_LENGTH }]}>
          <Input.TextArea rows={3} maxLength={MAX_SHARE_NOTE_LENGTH} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
