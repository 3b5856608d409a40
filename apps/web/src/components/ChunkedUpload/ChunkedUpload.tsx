import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Flex, Progress, Typography, Upload } from 'antd';
import { CloseOutlined, InboxOutlined, RedoOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  allowedExtensionOf,
  DEFAULT_UPLOAD_SPLIT_SIZE,
  MAX_UPLOAD_BATCH_FILES,
  UPLOAD_FILE_UNIT,
  type UploadResult,
} from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { clampPercent, uploadFile, UploadError, type UploadConfig } from './chunked-upload';
import { useUploadToken } from './useUploadToken';
import './chunked-upload.css';

/** Spec 2 §4 "Upload item status": normal (waiting or splitting), active, success, exception. */
export type UploadItemStatus = 'normal' | 'active' | 'success' | 'exception';

export interface UploadItem {
  uid: string;
  file: File;
  status: UploadItemStatus;
  /** Spec 2 §4: the share of successful pieces, 0–100. */
  percent: number;
  /** True while the MD5 is computed (status normal: "splitting"). */
  isHashing: boolean;
  /** The text of an exception: the server's message, or none for a network failure. */
  error?: { message?: string; isNetwork: boolean };
}

export interface ChunkedUploadProps {
  /** The upload call under the API base (spec 2 §3 upload configuration `api`). */
  api: string;
  /** The resume-state call (default: `api`). */
  stateApi?: string;
  /** Allowed extensions, lower case (spec 2 §3 `accept`). */
  accept: readonly string[];
  /** Largest file in bytes (spec 2 §9 default 5MB). */
  maxBytes: number;
  /** Files the uploader holds at most (spec 2 §9 default 5). */
  maxFiles?: number;
  /** Spec 2 §9: chunk size = eachSplitSize × fileUnit (1048576). */
  eachSplitSize?: number;
  fileUnit?: number;
  /** Spec 2 §9 "slice upload on by default". */
  isChunked?: boolean;
  /** Spec 2 §9 modes: click or drag. */
  mode?: 'click' | 'drag';
  documentType?: string;
  dirId?: string;
  /** Spec 2 §7 "authorization header is token type plus token". */
  tokenType?: string;
  /** A file is stored (the piece that completed it was accepted). */
  onUploaded?: (result: UploadResult, file: File) => void;
  /** Spec 2 §8 "an upload-error event carries status and message". */
  onUploadError?: (error: { status: number; message: string }, file: File) => void;
  /** Wait before a retry after a network error (tests pass 0). */
  retryDelayMs?: (attempt: number) => number;
}

/** "5MB": a limit as the spec's messages write it. */
export function formatLimit(bytes: number): string {
  const mb = bytes / UPLOAD_FILE_UNIT;
  if (Number.isInteger(mb)) return `${mb}MB`;
  const kb = bytes / 1024;
  return Number.isInteger(kb) ? `${kb}KB` : `${bytes}B`;
}

/**
 * The shared chunked uploader (spec 2 §3, §4, §5, §8, §9): pick or drop up to `maxFiles` files;
 * each is checked (type, size, count) as it is added, then uploaded in pieces of
 * eachSplitSize × fileUnit with its MD5 as identifier, resuming from the pieces the server
 * already holds. A network error on a piece is retried up to 5 times; then, or when the server
 * refuses, the item shows its exception and a retry button (which resumes).
 */
export function ChunkedUpload({
  api,
  stateApi,
  accept,
  maxBytes,
  maxFiles = MAX_UPLOAD_BATCH_FILES,
  eachSplitSize = DEFAULT_UPLOAD_SPLIT_SIZE,
  fileUnit = UPLOAD_FILE_UNIT,
  isChunked = true,
  mode = 'drag',
  documentType,
  dirId,
  tokenType,
  onUploaded,
  onUploadError,
  retryDelayMs,
}: ChunkedUploadProps) {
  const { t } = useTranslation('upload');
  const { message } = App.useApp();
  const { lang } = useApiContext();
  const token = useUploadToken();
  const [items, setItems] = useState<UploadItem[]>([]);
  // The list as the latest render saw it: files dropped together are counted against each other.
  const itemsRef = useRef<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // crypto.randomUUID needs a secure context; a LAN installation may be served over plain http.
  const nextUid = useRef(0);
  const formats = accept.join(', ');

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = useCallback((uid: string, patch: Partial<UploadItem>) => {
    setItems((current) => {
      const next = current.map((item) => (item.uid === uid ? { ...item, ...patch } : item));
      itemsRef.current = next;
      return next;
    });
  }, []);

  const start = useCallback(
    async (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.uid, controller);
      const config: UploadConfig = {
        api,
        ...(stateApi ? { stateApi } : {}),
        fileUnit,
        eachSplitSize,
        isChunked,
        ...(documentType ? { documentType } : {}),
        ...(dirId ? { dirId } : {}),
        ...(tokenType ? { tokenType } : {}),
        token,
        lang,
        ...(retryDelayMs ? { retryDelayMs } : {}),
      };
      update(item.uid, { status: 'normal', percent: 0, isHashing: true, error: undefined });
      try {
        const result = await uploadFile(
          item.file,
          config,
          ({ percent, phase }) =>
            update(item.uid, {
              status: phase === 'hashing' ? 'normal' : 'active',
              isHashing: phase === 'hashing',
              percent: clampPercent(percent),
            }),
          controller.signal,
        );
        update(item.uid, { status: 'success', percent: 100, isHashing: false });
        onUploaded?.(result, item.file);
      } catch (error) {
        if (controller.signal.aborted) return;
        const failure =
          error instanceof UploadError
            ? error
            : new UploadError(0, error instanceof Error ? error.message : String(error), undefined, true);
        update(item.uid, {
          status: 'exception',
          isHashing: false,
          error: failure.isNetwork ? { isNetwork: true } : { message: failure.message, isNetwork: false },
        });
        // Spec 2 §8: "error toast with server status and message".
        void message.error(failure.isNetwork ? t('failed') : t('exception', { message: failure.message }));
        onUploadError?.({ status: failure.status, message: failure.message }, item.file);
      } finally {
        controllers.current.delete(item.uid);
      }
    },
    [
      api,
      stateApi,
      fileUnit,
      eachSplitSize,
      isChunked,
      documentType,
      dirId,
      tokenType,
      token,
      lang,
      retryDelayMs,
      update,
      onUploaded,
      onUploadError,
      message,
      t,
    ],
  );

  /** Spec 2 §5 upload checks, in order: count, type, size. Answers the refusal's text, if any. */
  const refusalOf = (file: File, held: number): string | undefined => {
    if (held >= maxFiles) return t('countExceeded', { max: maxFiles });
    if (!allowedExtensionOf(file.name, accept)) return t('onlyTypes', { formats });
    if (file.size > maxBytes) return t('tooLarge', { max: formatLimit(maxBytes) });
    if (file.size === 0) return t('noFile');
    return undefined;
  };

  const handleAdd = (file: File) => {
    const refusal = refusalOf(file, itemsRef.current.length);
    if (refusal) {
      void message.error(refusal);
      return;
    }
    const item: UploadItem = {
      uid: `upload-${(nextUid.current += 1)}`,
      file,
      status: 'normal',
      percent: 0,
      isHashing: false,
    };
    itemsRef.current = [...itemsRef.current, item];
    setItems(itemsRef.current);
    void start(item);
  };

  const handleRemove = (uid: string) => {
    controllers.current.get(uid)?.abort();
    itemsRef.current = itemsRef.current.filter((item) => item.uid !== uid);
    setItems(itemsRef.current);
  };

  const uploadProps = {
    multiple: maxFiles > 1,
    showUploadList: false,
    accept: accept.map((ext) => `.${ext}`).join(','),
    // The files are sent by uploadFile, not by antd's request.
    beforeUpload: (file: File) => {
      handleAdd(file);
      return false;
    },
  };

  const statusText = (item: UploadItem) => {
    if (item.status === 'exception') {
      return item.error?.message ? t('exception', { message: item.error.message }) : t('failed');
    }
    if (item.isHashing) return t('states.hashing');
    return t(`states.${item.status}`);
  };

  return (
    <Flex vertical gap={12} className="chunked-upload">
      {mode === 'drag' ? (
        <Upload.Dragger {...uploadProps} data-testid="chunked-upload-drop">
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('drag')}</p>
          <p className="ant-upload-hint">{t('hint', { formats, max: formatLimit(maxBytes), count: maxFiles })}</p>
        </Upload.Dragger>
      ) : (
        <Upload {...uploadProps}>
          <Button icon={<UploadOutlined />}>{t('choose')}</Button>
        </Upload>
      )}
      {items.length > 0 && (
        <ul className="chunked-upload-list" aria-label={t('listLabel')}>
          {items.map((item) => (
            <li
              key={item.uid}
              className="chunked-upload-row"
              data-testid="chunked-upload-item"
              data-status={item.status}
            >
              <Flex vertical className="chunked-upload-item">
                <Typography.Text ellipsis={{ tooltip: item.file.name }}>{item.file.name}</Typography.Text>
                <Progress percent={item.percent} size="small" status={item.status} />
                <Typography.Text
                  type={item.status === 'exception' ? 'danger' : 'secondary'}
                  className="chunked-upload-status"
                  data-testid="chunked-upload-status"
                >
                  {statusText(item)}
                </Typography.Text>
              </Flex>
              {item.status === 'exception' && (
                <Button size="small" type="link" icon={<RedoOutlined />} onClick={() => void start(item)}>
                  {t('retry')}
                </Button>
              )}
              <Button
                size="small"
                type="text"
                aria-label={t('remove')}
                icon={<CloseOutlined />}
                onClick={() => handleRemove(item.uid)}
              />
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}
