import { Empty } from 'antd';

/** What a tab shows when the record has nothing for it. */
export function EmptyTab({ description }: { description: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} className="patent-empty-tab" />;
}
