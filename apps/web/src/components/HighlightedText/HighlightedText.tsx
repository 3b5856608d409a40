import { splitHighlights } from './highlight';

interface HighlightedTextProps {
  /** Escaped text with `<em>` marks from the server, if the field had hits. */
  marked?: string | undefined;
  /** The plain field value, shown when there are no marks. */
  plain?: string | undefined;
  className?: string;
}

/** Text with its hits as real `<em>` elements; nothing else from the server becomes markup. */
export function HighlightedText({ marked, plain, className }: HighlightedTextProps) {
  if (!marked) return <span className={className}>{plain ?? ''}</span>;
  return (
    <span className={className}>
      {splitHighlights(marked).map((segment, i) =>
        segment.isHit ? (
          <em key={i} className="search-hit">
            {segment.text}
          </em>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
