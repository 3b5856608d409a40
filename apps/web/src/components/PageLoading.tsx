import { Flex, Spin } from 'antd';

/** A centred spinner while a page's code loads. */
export function PageLoading() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" />
    </Flex>
  );
}
