import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** A titled block inside a tab. */
export function Section({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="patent-section">
      <div className="patent-section-head">
        <Typography.Title level={5} className="patent-section-title">
          {title}
        </Typography.Title>
        {extra}
      </div>
      {children}
    </section>
  );
}
