import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Flex, Form, Input, Spin } from 'antd';
import { LockOutlined, MailOutlined, ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CAPTCHA_LENGTH,
  EMAIL_MAX_LENGTH,
  MAX_INPUT_LENGTH,
  RELOGIN_DIALOG_Z_INDEX,
  encryptPassword,
} from '@patlas/contracts';
import { ApiError } from '../../api/client';
import { useApiContext } from '../../api/useApiContext';
import { loginByEmail } from './api';
import { completeLogin, type LoginOutcome } from '../../session/login-flow';
import { useCaptcha } from './useCaptcha';
import { useSessionStore } from '../../session/useSession';
import './LoginForm.css';

export interface LoginValues {
  email: string;
  password: string;
  captcha: string;
}

export interface LoginFormProps {
  /** The session is complete (tokens, user, menu with the landing page). */
  onLoggedIn: () => void;
  /** Login worked but the menu lacks /search/quick; the session has been ended again. */
  onNoQuickSearch: () => void;
  submitText: string;
  /** A button shown before the submit button (the dialog's 其他方式登录). */
  extraAction?: ReactNode;
  initialEmail?: string;
  /** Spec 1 §4 menu fetch delay; tests shorten it. */
  menuDelayMs?: number;
}

/** Modals raised by the form sit above the re-login dialog. */
const FORM_MODAL_Z_INDEX = RELOGIN_DIALOG_Z_INDEX + 1;

/**
 * The e-mail login (spec 1 §4, §5): e-mail, password and captcha with the spec's rules; the
 * password goes encrypted with the captcha id. Handles every answer of spec 1 §8: a status 0
 * message (and a new captcha), loginErrorMsg, a network failure, and "already logged in
 * elsewhere" (confirm, then again with crowd_out true).
 */
export function LoginForm({
  onLoggedIn,
  onNoQuickSearch,
  submitText,
  extraAction,
  initialEmail,
  menuDelayMs,
}: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { modal } = App.useApp();
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  const captcha = useCaptcha();
  const [form] = Form.useForm<LoginValues>();
  const [failure, setFailure] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const showOutcome = (outcome: LoginOutcome) => {
    if (outcome.kind === 'ok') onLoggedIn();
    else if (outcome.kind === 'noQuickSearch') onNoQuickSearch();
    else {
      modal.warning({ title: t('noRole.title'), content: t('noRole.content'), zIndex: FORM_MODAL_Z_INDEX });
      captcha.refresh();
    }
  };

  const submit = async (values: LoginValues, crowdOut: boolean): Promise<void> => {
    const uuid = captcha.captcha?.uuid;
    if (!uuid) {
      captcha.refresh();
      return;
    }
    setFailure(undefined);
    setIsSubmitting(true);
    const context = { lang, messages };
    try {
      const email = values.email.trim();
      const password = encryptPassword(values.password, uuid);
      const tokens = await loginByEmail(
        { email, password, verify_code: values.captcha.trim(), uuid, crowd_out: crowdOut },
        context,
      );
      if (tokens.loginErrorMsg) modal.warning({ content: tokens.loginErrorMsg, zIndex: FORM_MODAL_Z_INDEX });
      showOutcome(await completeLogin(store, tokens, context, { email, menuDelayMs }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LOGGED_IN_ELSEWHERE') {
        modal.confirm({
          title: t('crowdOut.title'),
          content: error.message,
          okText: t('crowdOut.ok'),
          cancelText: t('crowdOut.cancel'),
          zIndex: FORM_MODAL_Z_INDEX,
          onOk: () => submit(values, true),
        });
        return;
      }
      if (error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT')) {
        setFailure(t('login.networkError'));
      } else {
        setFailure(error instanceof Error ? error.message : t('login.networkError'));
      }
      form.setFieldValue('captcha', '');
      captcha.refresh();
    } finally {
      setIsSubmitting(false);
    }
  };

  const maxRule = (max: number, key: 'form.emailTooLong' | 'form.passwordTooLong' | 'form.captchaTooLong') => ({
    max,
    message: t(key, { max }),
  });

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      aria-label={t('login.formLabel')}
      initialValues={{ email: initialEmail ?? '', password: '', captcha: '' }}
      onFinish={(values) => void submit(values, false)}
      className="login-form"
    >
      {failure && <Alert type="error" showIcon message={failure} className="login-form-failure" role="alert" />}
      <Form.Item
        name="email"
        label={t('form.email')}
        rules={[
          { required: true, whitespace: true, message: t('form.emailRequired') },
          maxRule(EMAIL_MAX_LENGTH, 'form.emailTooLong'),
        ]}
      >
        <Input prefix={<MailOutlined />} placeholder={t('form.emailPlaceholder')} autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('form.password')}
        rules={[
          { required: true, message: t('form.passwordRequired') },
          maxRule(MAX_INPUT_LENGTH, 'form.passwordTooLong'),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('form.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item label={t('form.captcha')} required={false}>
        <Flex gap={8} align="flex-start">
          <Form.Item
            name="captcha"
            noStyle
            rules={[
              { required: true, whitespace: true, message: t('form.captchaRequired') },
              maxRule(CAPTCHA_LENGTH, 'form.captchaTooLong'),
            ]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('form.captchaPlaceholder')}
              aria-label={t('form.captcha')}
              autoComplete="off"
              className="login-captcha-input"
            />
          </Form.Item>
          <CaptchaImage state={captcha} />
        </Flex>
      </Form.Item>
      <Flex gap={12} justify="flex-end" className="login-form-actions">
        {extraAction}
        <Button type="primary" htmlType="submit" loading={isSubmitting} block={!extraAction}>
          {submitText}
        </Button>
      </Flex>
    </Form>
  );
}

/** The captcha image with its refresh button, and the "expired, click to refresh" overlay. */
function CaptchaImage({ state }: { state: ReturnType<typeof useCaptcha> }) {
  const { t } = useTranslation('auth');
  const { captcha, isLoading, isFailed, isExpired, refresh } = state;
  return (
    <Flex gap={4} align="center" className="login-captcha">
      <button
        type="button"
        className="login-captcha-image"
        onClick={refresh}
        aria-label={t('captcha.alt')}
        data-captcha-id={captcha?.uuid}
      >
        {captcha && !isFailed && <img src={captcha.image} alt="" />}
        {isLoading && !captcha && <Spin size="small" />}
        {isFailed && <span className="login-captcha-overlay">{t('captcha.loadFailed')}</span>}
        {isExpired && !isFailed && <span className="login-captcha-overlay">{t('captcha.expired')}</span>}
      </button>
      <Button
        type="text"
        icon={<ReloadOutlined spin={isLoading && Boolean(captcha)} />}
        onClick={refresh}
        title={t('captcha.refresh')}
        aria-label={t('captcha.refresh')}
      />
    </Flex>
  );
}
