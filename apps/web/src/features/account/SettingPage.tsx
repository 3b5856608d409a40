import { Alert, App, Button, Card, Form, Radio, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REMIND_FLAGS, type Language, type UserCustomConfig } from '@patlas/contracts';
import { switchLanguage } from '../../i18n/language';
import { usePermission, useSession, useSessionStore } from '../../session/useSession';
import { appStorage } from '../../storage/app-storage';
import {
  areWeightsValid,
  formatWeights,
  parseWeights,
  type SemanticWeights,
} from '../../components/WeightsInput/semantic-weights';
import { WeightsInput } from '../../components/WeightsInput/WeightsInput';
import { useCustomConfig, useSaveCustomConfig, useUserInfo } from './queries';
import './account.css';

const THEMES = [1, 2] as const;
const MERGE_TYPES = [0, 1, 2] as const;

interface SettingForm {
  language: Language;
  theme: number;
  weights: SemanticWeights;
  mergeType: number;
}

/**
 * /innovationSpace/setting (permission userSet): language, theme, semantic weights, default result
 * merge (permission mergeSettings) and the reset of dismissed tips. Spec 1 §4: IP logins do not
 * save the config to the server, so they see it read-only.
 */
export function SettingPage() {
  const { t, i18n } = useTranslation('account');
  const { message } = App.useApp();
  const config = useCustomConfig();
  const info = useUserInfo();
  const { session } = useSession();
  const sessionStore = useSessionStore();
  const canMerge = usePermission('mergeSettings');
  const save = useSaveCustomConfig();
  const [form] = Form.useForm<SettingForm>();

  const isIpLogin = (session?.loginType ?? info.data?.loginType) === 'ip';

  const handleSubmit = (values: SettingForm) => {
    const body: Partial<UserCustomConfig> = {
      language: values.language,
      theme: values.theme,
      semanticsSearchWeightInfo: formatWeights(values.weights),
      ...(canMerge ? { mergeType: values.mergeType } : {}),
    };
    save.mutate(body, {
      onSuccess: () => {
        void message.success(t('setting.saved'));
        // The session keeps the config too (spec 1 §3 stored userCustomConfig).
        void info.refetch().then(({ data }) => data && sessionStore.saveUser(data));
        if (values.language !== i18n.language) void switchLanguage(i18n, appStorage, values.language);
      },
    });
  };

  // Every tip the user dismissed is shown again.
  const handleResetReminders = () =>
    save.mutate(
      { remind: Object.fromEntries(REMIND_FLAGS.map((flag) => [flag, true])) },
      { onSuccess: () => void message.success(t('setting.remindersReset')) },
    );

  return (
    <div className="account-form-page">
      <Card title={t('routes.setting')}>
        {config.isPending && <Skeleton active />}
        {config.isError && <Alert type="error" showIcon title={config.error.message} />}
        {config.isSuccess && (
          <>
            {isIpLogin && (
              <Form.Item>
                <Alert type="info" showIcon title={t('ipLogin.settingReadOnly')} />
              </Form.Item>
            )}
            <Form<SettingForm>
              form={form}
              layout="vertical"
              disabled={isIpLogin}
              initialValues={{
                language: config.data.language,
                theme: config.data.theme,
                weights: parseWeights(config.data.semanticsSearchWeightInfo),
                mergeType: config.data.mergeType,
              }}
              onFinish={handleSubmit}
            >
              <Form.Item name="language" label={t('setting.language')}>
                <Radio.Group
                  options={(['zh', 'en'] as const).map((lang) => ({
                    value: lang,
                    label: t(`setting.languages.${lang}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name="theme" label={t('setting.theme')}>
                <Select
                  aria-label={t('setting.theme')}
                  options={THEMES.map((theme) => ({ value: theme, label: t(`setting.themes.${theme}`) }))}
                />
              </Form.Item>
              <Form.Item
                name="weights"
                label={t('setting.weights')}
                extra={t('setting.weightsHint')}
                rules={[
                  {
                    validator: (_rule, value: SemanticWeights | undefined) =>
                      value && areWeightsValid(value)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('setting.weightsAllZero'))),
                  },
                ]}
              >
                <WeightsInput />
              </Form.Item>
              {canMerge && (
                <Form.Item name="mergeType" label={t('setting.mergeType')}>
                  <Radio.Group
                    options={MERGE_TYPES.map((type) => ({ value: type, label: t(`setting.mergeTypes.${type}`) }))}
                  />
                </Form.Item>
              )}
              {save.isError && (
                <Form.Item>
                  <Alert type="error" showIcon title={save.error.message} />
                </Form.Item>
              )}
              <Form.Item>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('actions.save')}
                </Button>
              </Form.Item>
              <Form.Item label={t('setting.reminders')} extra={t('setting.remindersHint')}>
                <Button onClick={handleResetReminders}>{t('setting.resetReminders')}</Button>
              </Form.Item>
            </Form>
            <Typography.Text type="secondary">{t('setting.languageHint')}</Typography.Text>
          </>
        )}
      </Card>
    </div>
  );
}
