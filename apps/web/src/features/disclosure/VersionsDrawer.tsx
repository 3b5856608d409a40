import { Button, Drawer, Empty, Flex, List, Popconfirm, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SECTION_KEYS_BY_KIND, type DisclosureKind, type DisclosureVersion } from '@patlas/contracts';
import { formatDateTime } from '../../utils/format-date';
import { imagesOf } from './content';
import { useImageUrl } from './extensions';
import { useVersion, useVersions } from './queries';

/** A figure of a previewed version, fetched with the caller's token as the editor fetches it. */
function VersionFigure({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation('disclosure');
  const image = useImageUrl(src);
  return image.data ? (
    <img src={image.data} alt={alt} className="disclosure-version-figure" data-testid="disclosure-version-figure" />
  ) : (
    <span className="disclosure-image-placeholder">{image.isError ? t('image.broken') : t('image.loading')}</span>
  );
}

export interface VersionsDrawerProps {
  documentId: string | undefined;
  kind: DisclosureKind;
  currentVersion: number;
  isOpen: boolean;
  /** The version previewed (kept in the URL). */
  selectedId: string | undefined;
  onSelect: (versionId: string | undefined) => void;
  onClose: () => void;
  onRestore: (version: DisclosureVersion) => Promise<void>;
  isRestoring: boolean;
}

/** The versions drawer: the list (newest first), a preview of one, and its restore. */
export function VersionsDrawer(props: VersionsDrawerProps) {
  const { documentId, kind, currentVersion, isOpen, selectedId, onSelect, onClose, onRestore, isRestoring } = props;
  const { t } = useTranslation('disclosure');
  const versions = useVersions(documentId, isOpen);
  const selected = useVersion(documentId, selectedId);
  const items = versions.data?.items ?? [];

  const sourceLabel = (version: DisclosureVersion) =>
    version.source === 'restore'
      ? t('versions.sources.restore', { from: version.restoredFrom ?? '' })
      : t(`versions.sources.${version.source}`);

  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      title={t('versions.title')}
      size={selectedId ? 760 : 400}
      data-testid="disclosure-versions"
      destroyOnHidden
    >
      <Flex gap={16} align="start">
        <div style={{ width: 320, flex: 'none' }}>
          {versions.isLoading ? (
            <Spin />
          ) : items.length === 0 ? (
            <Empty description={t('versions.empty')} />
          ) : (
            <List
              size="small"
              dataSource={items}
              renderItem={(version) => (
                <List.Item
                  key={version.id}
                  className={version.id === selectedId ? 'disclosure-version-selected' : undefined}
                  data-testid="disclosure-version-item"
                  data-version={version.version}
                  onClick={() => onSelect(version.id)}
                  style={{ cursor: 'pointer' }}
                  actions={[
                    <Button key="preview" type="link" size="small" onClick={() => onSelect(version.id)}>
                      {t('versions.preview')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <Flex gap={6} align="center">
                        <span data-testid="disclosure-version-label">
                          {version.fromVersion !== undefined && version.fromVersion < version.version
                            ? t('versions.versionRange', { from: version.fromVersion, to: version.version })
                            : t('versions.version', { version: version.version })}
                        </span>
                        {version.version === currentVersion && <Tag color="blue">{t('versions.current')}</Tag>}
                        <Tag>{sourceLabel(version)}</Tag>
                      </Flex>
                    }
                    description={`${formatDateTime(version.savedAt) ?? ''} · ${t('editor.chars', { count: version.chars })}`}
                  />
                </List.Item>
              )}
            />
          )}
        </div>
        {selectedId && (
          <div className="disclosure-version-preview" data-testid="disclosure-version-preview">
            {selected.isLoading || !selected.data ? (
              <Spin />
            ) : (
              <>
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Title level={5} style={{ margin: 0 }}>
                    {selected.data.title} · {t('versions.version', { version: selected.data.version })}
                  </Typography.Title>
                  <Popconfirm
                    title={t('versions.restore')}
                    description={t('versions.restoreConfirm', { version: selected.data.version })}
                    onConfirm={() => onRestore(selected.data)}
                  >
                    <Button
                      type="primary"
                      size="small"
                      loading={isRestoring}
                      disabled={selected.data.version === currentVersion}
                      data-testid="disclosure-version-restore"
                    >
                      {t('versions.restore')}
                    </Button>
                  </Popconfirm>
                </Flex>
                {SECTION_KEYS_BY_KIND[kind].map((key) => (
                  <section key={key}>
                    <Typography.Text strong>{t(`sections.${key}` as 'sections.field')}</Typography.Text>
                    <Typography.Paragraph className="disclosure-version-text">
                      {selected.data.sections[key] || t('versions.emptySection')}
                    </Typography.Paragraph>
                    {/* Issue 43: the figures of the section, which the plain text leaves out. */}
                    {imagesOf(selected.data.content.sections[key]).map((image, i) => (
                      <VersionFigure key={`${image.src}-${i}`} src={image.src} alt={image.alt} />
                    ))}
                  </section>
                ))}
              </>
            )}
          </div>
        )}
      </Flex>
    </Drawer>
  );
}
