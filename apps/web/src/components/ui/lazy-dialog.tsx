import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Button, Flex, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChunkLoadTimeoutError, loadChunk } from '../../app/chunk-load';

/** A dialog (or a drawer's body) whose code loads the first time it opens (lazyDialog, lazyPanel). */
export interface LazyDialog<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the dialog's code (the opening button's hover or focus), so that a click finds it there. */
  preload: () => void;
}

/** What every such dialog takes: its close callback (the loading frame's close button calls it too). */
interface DialogProps {
  onClose: () => void;
}

interface LazyDialogOptions<P> {
  /** Whether the props open the dialog (e.g. `source !== undefined`). */
  isOpen: (props: P) => boolean;
  /** The dialog's width, for the loading frame (antd's default otherwise). */
  width?: number | string;
}

/**
 * A dialog a page offers but shows only on a click (export, alert, report, collect…), loaded when it
 * first opens instead of with the page: the page's first load parses and runs less code. Until the
 * code is there (a moment; `preload` on the button's hover starts it before the click) an empty frame
 * of the dialog's width shows a spinner; when the code cannot be fetched, it says so and offers a
 * reload (a new release replaced the page's chunks). Once loaded, the dialog stays mounted as it was
 * before (it closes with its own motion, its closed state costs nothing).
 */
export function lazyDialog<P extends DialogProps>(
  load: () => Promise<ComponentType<P>>,
  options: LazyDialogOptions<P>,
): LazyDialog<P> {
  return lazyLoaded(load, options.isOpen, (props, failure) => (
    <DialogLoading width={options.width} onClose={props.onClose} failure={failure} />
  ));
}

/**
 * The body of a drawer (or another frame the page draws itself) loaded when it is first shown: the
 * frame renders it only once open, and a spinner (or the load's failure) stands in its place until
 * the code is there. `preload` as for lazyDialog.
 */
export function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>): LazyDialog<P> {
  return lazyLoaded(
    load,
    () => true,
    (_props, failure) => <LoadingBody failure={failure} />,
  );
}

function lazyLoaded<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpenOf: (props: P) => boolean,
  placeholder: (props: P, failure: Error | undefined) => ReactNode,
): LazyDialog<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    loading ??= loadChunk(load).then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // the next opening tries again
        throw error;
      },
    );
    return loading;
  };

  function LazyHost(props: P) {
    const isOpen = isOpenOf(props);
    const [component, setComponent] = useState<{ Loaded: ComponentType<P> }>();
    const [failure, setFailure] = useState<Error>();
    const Loaded = component?.Loaded ?? loaded;
    // A failed load is tried again at the next opening.
    if (!isOpen && failure) setFailure(undefined);
    useEffect(() => {
      if (!isOpen || Loaded) return;
      let isCurrent = true;
      start().then(
        (loadedComponent) => isCurrent && setComponent({ Loaded: loadedComponent }),
        (error: unknown) => isCurrent && setFailure(error instanceof Error ? error : new Error(String(error))),
      );
      return () => {
        isCurrent = false;
      };
    }, [isOpen, Loaded]);
    if (Loaded) return <Loaded {...props} />;
    if (!isOpen) return null;
    return placeholder(props, failure);
  }

  return Object.assign(LazyHost, { preload: () => void start().catch(() => undefined) });
}

/** The frame shown while a dialog's code loads, or what went wrong. */
function DialogLoading({
  width,
  onClose,
  failure,
}: {
  width: number | string | undefined;
  onClose: () => void;
  failure: Error | undefined;
}) {
  return (
    <Modal open onCancel={onClose} footer={null} width={width}>
      <LoadingBody failure={failure} />
    </Modal>
  );
}

/** A spinner while a part's code loads, or what went wrong. */
function LoadingBody({ failure }: { failure: Error | undefined }) {
  const { t } = useTranslation('common');
  return failure ? (
    <Alert
      type="error"
      showIcon
      title={failure instanceof ChunkLoadTimeoutError ? t('ui.chunkTimeout') : t('errors.chunk')}
      action={
        <Button size="small" onClick={() => window.location.reload()}>
          {t('ui.reload')}
        </Button>
      }
      data-testid="dialog-load-error"
    />
  ) : (
    <Flex justify="center" align="center" style={{ minHeight: 160 }}>
      <Spin data-testid="dialog-loading" />
    </Flex>
  );
}
